package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed contract {@code openapi/execd.yaml} is exactly what the server serves. To
 * rewrite it after an API change: {@code ./mvnw test -Dtest=OpenApiContractTests
 * -Dopenapi.write=true} (or {@code scripts/update-openapi}).
 */
class OpenApiContractTests extends EndToEndTest {

	static final Path COMMITTED = Path.of("openapi", "execd.yaml");

	@Test
	void committedContractEqualsTheServedOne() throws Exception {
		String served = new TestClient(this.port).get("/v3/api-docs.yaml").text();
		if (Boolean.getBoolean("openapi.write")) {
			Files.createDirectories(COMMITTED.getParent());
			Files.writeString(COMMITTED, served);
		}
		assertThat(Files.exists(COMMITTED)).as("%s is missing: run scripts/update-openapi", COMMITTED).isTrue();
		assertThat(Files.readString(COMMITTED))
			.as("%s differs from what the server serves: run scripts/update-openapi and commit the result", COMMITTED)
			.isEqualTo(served);
	}

	/**
	 * In OpenAPI 3.1 a {@code $ref} next to {@code type: [object, "null"]} still applies,
	 * so such a property would refuse the {@code null} the API sends (a {@code screen}
	 * without {@code view: screen}).
	 */
	@Test
	void nullableObjectPropertiesAdmitNull() {
		JsonNode schemas = new TestClient(this.port).get("/v3/api-docs").json().get("components").get("schemas");
		List<String> contradictory = new ArrayList<>();
		schemas.properties().forEach((schema) -> schema.getValue().path("properties").properties().forEach((p) -> {
			if (p.getValue().has("$ref") && p.getValue().has("type")) {
				contradictory.add(schema.getKey() + "." + p.getKey());
			}
		}));
		assertThat(contradictory).isEmpty();
		for (String result : List.of("ExecResult", "OutputResult")) {
			JsonNode screen = schemas.get(result).get("properties").get("screen");
			assertThat(screen.get("oneOf").toString()).contains("\"$ref\":\"#/components/schemas/ScreenView\"")
				.contains("\"type\":\"null\"");
			assertThat(screen.get("description").asString()).contains("view");
		}
	}

	@Test
	void contractUsesARelativeServerAndDescribesEveryOperation() {
		JsonNode contract = new TestClient(this.port).get("/v3/api-docs").json();
		assertThat(contract.get("servers").get(0).get("url").asString()).isEqualTo("/");
		List<String> undocumented = new ArrayList<>();
		int operations = 0;
		for (Map.Entry<String, JsonNode> path : contract.get("paths").properties()) {
			for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
				operations++;
				JsonNode op = operation.getValue();
				if (op.path("summary").asString("").isBlank() || op.path("description").asString("").isBlank()) {
					undocumented.add(operation.getKey().toUpperCase() + " " + path.getKey());
				}
			}
		}
		assertThat(operations).isGreaterThanOrEqualTo(13);
		assertThat(undocumented).as("operations without a summary and a description").isEmpty();
		assertThat(contract.get("components").get("securitySchemes").get("bearer").get("scheme").asString())
			.isEqualTo("bearer");
	}

	@Test
	void swaggerUiIsServed() {
		TestClient anonymous = new TestClient(this.port);
		assertThat(anonymous.get("/swagger-ui/index.html").status()).isEqualTo(200);
		assertThat(anonymous.get("/swagger-ui.html").status()).isIn(200, 302);
	}

}
