package dev.execd.api.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import org.junit.jupiter.api.Test;

import org.springframework.validation.BeanPropertyBindingResult;
import org.springframework.validation.Errors;

import static org.assertj.core.api.Assertions.assertThat;

class LazyBeanValidatorTests {

	record Constrained(@NotBlank String name, @Positive int size) {
	}

	@Test
	void validatesConstraintsAtItsFirstUse() {
		LazyBeanValidator validator = new LazyBeanValidator();
		Constrained bad = new Constrained(" ", 0);
		Errors errors = new BeanPropertyBindingResult(bad, "bad");
		assertThat(validator.supports(Constrained.class)).isTrue();
		validator.validate(bad, errors);
		assertThat(errors.getFieldErrors()).extracting((error) -> error.getField())
			.containsExactlyInAnyOrder("name", "size");
	}

	@Test
	void acceptsAValidObject() {
		Constrained good = new Constrained("a", 1);
		Errors errors = new BeanPropertyBindingResult(good, "good");
		new LazyBeanValidator().validate(good, errors, new Object[0]);
		assertThat(errors.hasErrors()).isFalse();
	}

}
