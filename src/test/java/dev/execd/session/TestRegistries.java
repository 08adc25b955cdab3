package dev.execd.session;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * A registry for tests that drive real sessions without a web layer: its own directory,
 * no background reaping, a short kill grace. Close it after the test.
 */
public final class TestRegistries {

	private TestRegistries() {
	}

	public static SessionRegistry create(Path dir) {
		Map<String, String> source = Map.of("execd.output.dir", dir.toString(), "execd.limits.reap-interval", "1h",
				"execd.process.kill-grace", "500ms");
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(source)).bindOrCreate("execd",
				ExecdProperties.class);
		return new SessionRegistry(properties, Clock.systemUTC(), new SimpleMeterRegistry());
	}

}
