package dev.execd;

import java.nio.file.Path;

import dev.execd.TestClient.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The profile {@code startup-steps} records Spring's start-up steps, serves them at
 * {@code /actuator/startup} and logs the slowest; without it nothing is recorded or
 * served.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupStepsTests {

	@Test
	void theProfileServesAndLogsTheStartUpSteps(@TempDir Path dir, CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(dir, "--spring.profiles.active=startup-steps")) {
			Response steps = client(context).get("/actuator/startup");
			assertThat(steps.status()).isEqualTo(200);
			assertThat(steps.json().path("timeline").path("events").size()).isGreaterThan(100);
		}
		assertThat(output.getOut()).contains("Start-up steps by own time")
			.contains("spring.context.config-classes.parse")
			.contains("spring.beans.instantiate [beanName=");
	}

	@Test
	void withoutTheProfileNothingIsRecorded(@TempDir Path dir, CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(dir)) {
			assertThat(client(context).get("/actuator/startup").status()).isEqualTo(404);
		}
		assertThat(output.getOut()).doesNotContain("Start-up steps");
	}

	private static ConfigurableApplicationContext run(Path dir, String... args) {
		String[] all = new String[args.length + 2];
		all[0] = "--server.port=0";
		all[1] = "--execd.output.dir=" + dir;
		System.arraycopy(args, 0, all, 2, args.length);
		return new SpringApplicationBuilder(ExecdApplication.class).initializers(new StartupSteps()).run(all);
	}

	private static TestClient client(ConfigurableApplicationContext context) {
		return new TestClient(((WebServerApplicationContext) context).getWebServer().getPort());
	}

}
