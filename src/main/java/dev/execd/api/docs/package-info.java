/**
 * The OpenAPI description: its configuration, the examples and the shared problem
 * responses the controllers' annotations name, and the customizers that make it precise
 * as types: request bodies apart from response schemas ({@code RequestBodies}), the rules
 * annotations cannot state ({@code RequestShapes}) and the events of each stream
 * ({@code EventStreamSchemas}). The committed {@code openapi/execd.yaml} is what this
 * produces.
 */
@NullMarked
package dev.execd.api.docs;

import org.jspecify.annotations.NullMarked;
