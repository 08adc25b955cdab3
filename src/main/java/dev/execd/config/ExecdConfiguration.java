package dev.execd.config;

import java.time.Clock;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Binds {@link ExecdProperties} and provides the clock every time-based policy reads.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ExecdProperties.class)
class ExecdConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
