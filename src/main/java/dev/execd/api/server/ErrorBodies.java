package dev.execd.api.server;

import org.apache.catalina.core.StandardHost;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tomcat reports the errors that never reach the application with
 * {@link ProblemReportValve}.
 */
@Configuration(proxyBeanMethods = false)
class ErrorBodies {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemReportValve() {
		return (factory) -> factory.addContextCustomizers((context) -> {
			if (context.getParent() instanceof StandardHost host) {
				host.setErrorReportValveClass(ProblemReportValve.class.getName());
			}
		});
	}

}
