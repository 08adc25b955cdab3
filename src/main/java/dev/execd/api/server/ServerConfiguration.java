package dev.execd.api.server;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The web server's own defences beyond its settings in {@code application.properties}: a
 * total deadline for reading each request.
 */
@Configuration(proxyBeanMethods = false)
class ServerConfiguration {

	/**
	 * First of all filters, so a request counts as served from the moment its head is
	 * read until it ends, whoever answers it.
	 */
	@Bean
	FilterRegistrationBean<Exchanges> exchanges() {
		FilterRegistrationBean<Exchanges> registration = new FilterRegistrationBean<>(new Exchanges());
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.setAsyncSupported(true);
		return registration;
	}

	@Bean
	ReadDeadline readDeadline(FilterRegistrationBean<Exchanges> exchanges) {
		return new ReadDeadline(exchanges.getFilter());
	}

}
