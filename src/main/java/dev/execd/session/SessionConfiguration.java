package dev.execd.session;

import java.time.Clock;

import dev.execd.config.ExecdProperties;
import dev.execd.process.Launcher;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The session registry as a bean; closing the context terminates every session.
 */
@Configuration(proxyBeanMethods = false)
class SessionConfiguration {

	private static final Log logger = LogFactory.getLog(SessionConfiguration.class);

	@Bean(destroyMethod = "close")
	SessionRegistry sessionRegistry(ExecdProperties properties, Clock clock, MeterRegistry meters) {
		String encodingProblem = Launcher.commandLineEncodingProblem();
		if (encodingProblem != null) {
			logger.warn(encodingProblem);
		}
		return new SessionRegistry(properties, clock, meters);
	}

	@Bean
	SessionShutdown sessionShutdown(SessionRegistry sessionRegistry) {
		return new SessionShutdown(sessionRegistry);
	}

}
