package dev.execd.api;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import dev.execd.config.ExecdProperties;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The web layer's setup: who may call (access filter, CORS), JSON in snake_case that
 * refuses unknown fields, and the scope of every request.
 */
@Configuration(proxyBeanMethods = false)
class WebConfiguration implements WebMvcConfigurer {

	private final ExecdProperties properties;

	WebConfiguration(ExecdProperties properties) {
		this.properties = properties;
	}

	/**
	 * The access filter, first of all filters. Building it also refuses to start a server
	 * that would answer anyone on the network without a token.
	 */
	@Bean
	FilterRegistrationBean<AccessFilter> accessFilter(Environment environment, JsonMapper json) {
		String address = environment.getProperty("server.address");
		ExecdProperties.Security security = this.properties.security();
		if (security.tokens().isEmpty() && !security.allowAnonymous() && !isLoopback(address)) {
			throw new IllegalStateException(
					"execd refuses to listen on " + ((address != null) ? address : "every address")
							+ " without tokens: set execd.security.tokens (EXECD_SECURITY_TOKENS=name:token,...), "
							+ "or set execd.security.allow-anonymous=true to accept anyone who can reach it, "
							+ "or bind to loopback (server.address=127.0.0.1)");
		}
		FilterRegistrationBean<AccessFilter> registration = new FilterRegistrationBean<>(
				new AccessFilter(this.properties, address, json));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return registration;
	}

	private static boolean isLoopback(String address) {
		if (address == null || address.isBlank()) {
			return false;
		}
		try {
			return InetAddress.getByName(address).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
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

	@Override
	public void addCorsMappings(CorsRegistry registry) {
		List<String> origins = this.properties.security().corsOrigins();
		if (!origins.isEmpty()) {
			registry.addMapping("/**")
				.allowedOrigins(origins.toArray(String[]::new))
				.allowedMethods("GET", "POST", "PATCH", "DELETE")
				.allowedHeaders("Authorization", "Content-Type", "X-Conversation-Id", "Last-Event-ID", "Range")
				.exposedHeaders("Location", "Content-Range", "Content-Disposition");
		}
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(new ScopeResolver());
	}

	@Bean
	JsonMapperBuilderCustomizer execdJson() {
		return (builder) -> builder.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
			.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
	}

}
