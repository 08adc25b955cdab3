package dev.execd.api.rest;

import org.springframework.beans.propertyeditors.CustomBooleanEditor;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * A boolean query parameter is {@code true} or {@code false}, in any case, as the
 * contract documents it. Spring alone also reads {@code yes}, {@code on} and {@code 1} as
 * true and an empty value as absent, so {@code mkdirs=yes} or {@code recursive=} would
 * pass for something the client may not have meant; anything else is a type mismatch,
 * which the advice answers 400 {@code invalid_request}.
 */
@ControllerAdvice
class QueryBooleans {

	@InitBinder
	void strictBooleans(WebDataBinder binder) {
		// An editor of its own, not a converter: the binder falls back to its default
		// editor, which takes "yes", when a converter refuses a value.
		binder.registerCustomEditor(Boolean.class, new CustomBooleanEditor("true", "false", false));
		binder.registerCustomEditor(boolean.class, new CustomBooleanEditor("true", "false", false));
	}

}
