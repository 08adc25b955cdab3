package dev.execd.api.rest;

import org.jspecify.annotations.Nullable;

import org.springframework.util.function.SingletonSupplier;
import org.springframework.validation.Errors;
import org.springframework.validation.SmartValidator;
import org.springframework.validation.beanvalidation.OptionalValidatorFactoryBean;

/**
 * Spring MVC's validator for {@code @Valid} arguments, with Bean Validation bootstrapped
 * at the first validation instead of at start. No request of the API carries constraints,
 * and Hibernate Validator (on the class path for springdoc) loads some 500 classes when
 * it is bootstrapped: an idle server never pays for them. Boot's
 * {@code ValidationAutoConfiguration} is excluded for the same reason
 * (application.properties).
 */
final class LazyBeanValidator implements SmartValidator {

	private final SingletonSupplier<SmartValidator> delegate = SingletonSupplier.of(() -> {
		OptionalValidatorFactoryBean validator = new OptionalValidatorFactoryBean();
		validator.afterPropertiesSet();
		return validator;
	});

	@Override
	public boolean supports(Class<?> type) {
		return true;
	}

	@Override
	public void validate(Object target, Errors errors) {
		this.delegate.obtain().validate(target, errors);
	}

	@Override
	public void validate(Object target, Errors errors, Object... hints) {
		this.delegate.obtain().validate(target, errors, hints);
	}

	@Override
	public void validateValue(Class<?> type, @Nullable String field, @Nullable Object value, Errors errors,
			Object... hints) {
		this.delegate.obtain().validateValue(type, field, value, errors, hints);
	}

}
