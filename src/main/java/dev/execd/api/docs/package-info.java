/**
 * The OpenAPI description: its configuration, the examples and the shared problem
 * responses the controllers' annotations name. The committed {@code openapi/execd.yaml}
 * is what this produces.
 */
@NullMarked
package dev.execd.api.docs;

import org.jspecify.annotations.NullMarked;
