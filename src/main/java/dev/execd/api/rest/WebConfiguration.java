package dev.execd.api.rest;

import java.util.List;

import dev.execd.api.ScopeResolver;
import dev.execd.api.security.ProblemWriter;
import dev.execd.config.ExecdProperties;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.validation.Validator;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The web layer's setup: the body cap, JSON in snake_case that refuses unknown fields,
 * and the scope of every request. Who may call is the security package's.
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration implements WebMvcConfigurer {

	private final ExecdProperties properties;

	private final ScopeResolver scopes;

	WebConfiguration(ExecdProperties properties) {
		this.properties = properties;
		this.scopes = new ScopeResolver(!properties.security().tokens().isEmpty());
	}

	/** The body cap, right after the security chain. */
	@Bean
	FilterRegistrationBean<BodyLimitFilter> bodyLimitFilter(JsonMapper json) {
		FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(
				new BodyLimitFilter(this.properties.limits().maxRequestBody().toBytes(), new ProblemWriter(json)));
		registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 1);
		return registration;
	}

	/** Bodies in a content coding, refused after the body cap. */
	@Bean
	FilterRegistrationBean<ContentEncodingFilter> contentEncodingFilter(JsonMapper json) {
		FilterRegistrationBean<ContentEncodingFilter> registration = new FilterRegistrationBean<>(
				new ContentEncodingFilter(new ProblemWriter(json)));
		registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 2);
		return registration;
	}

	/** How REST and MCP requests find their scope. */
	@Bean
	ScopeResolver scopeResolver() {
		return this.scopes;
	}

	/**
	 * The API answers JSON (or the stream a route declares) whatever {@code Accept} says:
	 * a client asking for problem+json, or sending a malformed header, still gets an
	 * answer instead of a 406 the contract does not know.
	 */
	@Override
	public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
		configurer.ignoreAcceptHeader(true).defaultContentType(MediaType.APPLICATION_JSON, MediaType.ALL);
	}

	/**
	 * The console (static files under {@code static/console/}) at {@code /console/}, so
	 * its relative links resolve in the folder.
	 */
	@Override
	public void addViewControllers(ViewControllerRegistry registry) {
		registry.addRedirectViewController("/console", "/console/");
		registry.addViewController("/console/").setViewName("forward:/console/index.html");
	}

	/**
	 * Bean Validation only once something is validated; see {@link LazyBeanValidator}.
	 */
	@Override
	public Validator getValidator() {
		return new LazyBeanValidator();
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(this.scopes);
	}

	@Bean
	JsonMapperBuilderCustomizer execdJson() {
		return (builder) -> builder.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
			.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
	}

}
