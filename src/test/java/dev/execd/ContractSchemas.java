package dev.execd;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Schemas of the served contract as JSON Schema 2020-12 validators: a reference into the
 * contract, resolved against its components.
 */
final class ContractSchemas {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final JsonNode contract;

	private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

	ContractSchemas(int port) {
		this.contract = new TestClient(port).get("/v3/api-docs").json();
	}

	JsonNode contract() {
		return this.contract;
	}

	/** The schema at a reference such as {@code #/components/schemas/OutputEvent}. */
	Schema schema(String ref) {
		ObjectNode document = JSON.createObjectNode().put("$ref", ref);
		document.set("components", this.contract.get("components"));
		return this.registry.getSchema(SchemaLocation.of("https://execd.test/openapi.json"), document);
	}

}
