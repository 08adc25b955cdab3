package dev.execd.config;

import java.lang.management.ManagementFactory;
import java.time.Clock;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;
import org.springframework.validation.Validator;

/**
 * Binds and checks {@link ExecdProperties}, provides the clock every time-based policy
 * reads, and sets how the heap and the C library give memory back.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ExecdProperties.class)
class ExecdConfiguration {

	/** Checks the settings as they are bound; Spring finds it by this name. */
	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static Validator configurationPropertiesValidator(Environment environment) {
		return new SettingsValidator(environment);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	HeapFootprint heapFootprint(ExecdProperties properties) {
		HotSpotDiagnosticMXBean vm = hotSpot();
		HeapFootprint footprint = new HeapFootprint(vm);
		if (vm != null) {
			footprint.apply(properties.heap());
		}
		return footprint;
	}

	@Bean
	NativeTrim nativeTrim(ExecdProperties properties) {
		return NativeTrim.start(properties.heap().nativeTrim(), hotSpot());
	}

	private static @Nullable HotSpotDiagnosticMXBean hotSpot() {
		try {
			return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
		}
		catch (IllegalArgumentException ex) {
			// Not a HotSpot JVM, or a runtime without jdk.management: nothing to set.
			return null;
		}
	}

}
