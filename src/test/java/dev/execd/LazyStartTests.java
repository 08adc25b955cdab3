package dev.execd;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an idle server does not build: springdoc's description and Swagger UI wait for
 * their first request, Bean Validation for its first use; both still answer when asked.
 */
class LazyStartTests {

	@Test
	void theDescriptionAndSwaggerUiAreBuiltAtTheirFirstRequest(@TempDir Path dir) {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ExecdApplication.class)
			.run("--server.port=0", "--execd.output.dir=" + dir)) {
			ConfigurableListableBeanFactory beans = context.getBeanFactory();
			TestClient client = new TestClient(((WebServerApplicationContext) context).getWebServer().getPort());
			assertThat(client.get("/actuator/health/readiness").status()).isEqualTo(200);
			assertThat(beans.containsSingleton("openAPIBuilder")).isFalse();
			assertThat(beans.containsSingleton("modelConverterRegistrar")).isFalse();
			assertThat(beans.containsSingleton("springdocObjectMapperProvider")).isFalse();
			assertThat(beans.getBeanNamesForType(jakarta.validation.Validator.class)).isEmpty();

			TestClient.Response docs = client.get("/v3/api-docs");
			assertThat(docs.status()).isEqualTo(200);
			assertThat(docs.json().path("paths").has("/sessions")).isTrue();
			assertThat(beans.containsSingleton("modelConverterRegistrar")).isTrue();
			TestClient.Response ui = client.get("/swagger-ui/index.html");
			assertThat(ui.status()).isEqualTo(200);
			assertThat(ui.text()).contains("swagger-ui");
			assertThat(client.get("/v3/api-docs/swagger-config").json().path("url").asString())
				.isEqualTo("/v3/api-docs");
		}
	}

}
