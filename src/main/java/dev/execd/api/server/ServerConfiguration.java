package dev.execd.api.server;

import dev.execd.config.ExecdProperties;

import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The web server's own defences beyond its settings in {@code application.properties}: a
 * total deadline for reading each request, and the size of its reads.
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

	/**
	 * Tomcat reads a request body from the socket at most its application read buffer at
	 * a time (8 KiB by default), so an upload costs a system call per buffer: 64 KiB
	 * moves uploads about a third faster for 56 KiB more per open connection, and a large
	 * upload widens its own connection's reads further ({@link UploadReads}). Tomcat's
	 * cache of closed connections' buffers is off: it would hand a widened connection's
	 * buffers to the next connection, and the reads' buffers to its requests' processors,
	 * for as long as the server runs. {@code 100 Continue} is sent only when the body is
	 * first read: a request refused before that (401, 404, 412, a declared length over
	 * the cap) gets its final answer alone, and the client never sends the body it held
	 * back.
	 */
	@Bean
	TomcatConnectorCustomizer readBuffer(ExecdProperties properties) {
		String bytes = Long.toString(properties.files().readBuffer().toBytes());
		return (connector) -> {
			connector.setProperty("socket.appReadBufSize", bytes);
			connector.setProperty("socket.bufferPool", "0");
			connector.setProperty("continueResponseTiming", "onRead");
		};
	}

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> uploadReads() {
		return (factory) -> factory.setProtocol(UploadReadsProtocol.class.getName());
	}

}
