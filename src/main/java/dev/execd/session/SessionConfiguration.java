package dev.execd.session;

import java.time.Clock;

import dev.execd.config.ExecdProperties;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The session registry as a bean; closing the context terminates every session.
 */
@Configuration(proxyBeanMethods = false)
class SessionConfiguration {

	@Bean(destroyMethod = "close")
	SessionRegistry sessionRegistry(ExecdProperties properties, Clock clock, MeterRegistry meters) {
		return new SessionRegistry(properties, clock, meters);
	}

	@Bean
	SessionShutdown sessionShutdown(SessionRegistry sessionRegistry) {
		return new SessionShutdown(sessionRegistry);
	}

}
