package dev.execd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.networknt.schema.Schema;
import dev.execd.session.Input;
import dev.execd.session.SignalNames;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request schemas of the served contract and the server's own checks agree: a body
 * the schema accepts is not refused as malformed, and one it refuses is answered 400. The
 * enumerations hold only values the server accepts; the variants it accepts beyond them
 * (documented in their descriptions) are listed here.
 */
class RequestSchemaAgreementTests extends EndToEndTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private ContractSchemas schemas;

	private JsonNode contract;

	@BeforeEach
	void readContract() {
		this.schemas = new ContractSchemas(this.port);
		this.contract = this.schemas.contract();
	}

	@Test
	void startBodiesAreRefusedExactlyWhenTheSchemaRefusesThem() {
		Schema schema = body("StartRequest");
		List<String> bodies = List.of("{}", "{\"cmd\": \"true\", \"argv\": [\"true\"]}", "{\"cmd\": \"true\"}",
				"{\"argv\": [\"true\"]}", "{\"shell\": true}", "{\"cmd\": \"true\", \"shell\": true}",
				"{\"cmd\": \"true\", \"shell\": \"/bin/sh\"}", "{\"shell\": \"/bin/sh\"}", "{\"tty\": true}");
		assertAgreement(schema, bodies,
				(body) -> this.api.send("POST", "/sessions", "application/json", body).status());
	}

	@Test
	void stdinBodiesAreRefusedExactlyWhenTheSchemaRefusesThem() {
		String id = id(start(Map.of("cmd", "sleep 30", "yield_time_ms", 0)));
		Schema schema = body("StdinRequest");
		List<String> bodies = List.of("{\"yield_time_ms\": 0}", "{\"chars\": \"x\", \"yield_time_ms\": 0}",
				"{\"keys\": [\"q\", \"M-x\", \"C-c\", \"Enter\", \"F12\", \"C-]\"], \"yield_time_ms\": 0}",
				"{\"keys\": [\"Enteer\"]}", "{\"keys\": [\"ctrl+c\"]}",
				"{\"parts\": [{\"chars\": \"a\"}, {\"keys\": [\"Escape\"]}, {\"chars_b64\": \"eA==\"}], \"yield_time_ms\": 0}",
				"{\"parts\": [{}]}", "{\"parts\": [{\"chars\": \"a\", \"keys\": [\"Enter\"]}]}",
				"{\"chars\": \"a\", \"parts\": [{\"chars\": \"b\"}]}", "{\"keys\": [\"Tab\"], \"parts\": []}");
		assertAgreement(schema, bodies,
				(body) -> this.api.send("POST", "/sessions/" + id + "/stdin", "application/json", body).status());
	}

	@Test
	void signalBodiesAreRefusedExactlyWhenTheSchemaRefusesThem() {
		String id = id(start(Map.of("cmd", "trap '' CONT WINCH; sleep 30", "yield_time_ms", 200)));
		Schema schema = body("SignalRequest");
		List<String> bodies = List.of("{\"signal\": \"SIGCONT\"}", "{\"signal\": \"CONT\"}", "{\"signal\": 18}",
				"{\"signal\": \"SIGWINCH\"}", "{\"signal\": \"SIGFOO\"}", "{\"signal\": 32}", "{\"signal\": 0}",
				"{\"signal\": 65}", "{}");
		assertAgreement(schema, bodies,
				(body) -> this.api.send("POST", "/sessions/" + id + "/signal", "application/json", body).status());
	}

	@Test
	void theEnumerationsHoldOnlyWhatTheServerAcceptsAndNameTheVariantsBeyond() {
		List<String> keys = new ArrayList<>();
		this.contract.at("/components/schemas/Key/anyOf").forEach((group) -> group.get("enum").forEach((k) -> {
			keys.add(k.asString());
		}));
		assertThat(keys).hasSizeGreaterThan(200).doesNotHaveDuplicates().allMatch(Input.Keys::isKnown);
		List<String> signals = new ArrayList<>();
		this.contract.at("/components/schemas/SignalName/enum").forEach((s) -> signals.add(s.asString()));
		assertThat(signals).contains("SIGINT", "INT", "SIGRTMIN+1", "RTMAX")
			.allMatch((name) -> SignalNames.number(name).isPresent());

		// Accepted beyond the enumerations, as their descriptions say.
		assertThat(List.of("é", "M-é", "C-A")).allMatch(Input.Keys::isKnown).noneMatch(keys::contains);
		assertThat(List.of("int", "sigterm", "2")).allMatch((name) -> SignalNames.number(name).isPresent())
			.noneMatch(signals::contains);
		assertThat(this.contract.at("/components/schemas/Key/description").asString()).contains("`é`", "`C-A`");
		assertThat(this.contract.at("/components/schemas/SignalName/description").asString()).contains("`int`",
				"`\"2\"`");
	}

	private void assertAgreement(Schema schema, List<String> bodies, Status server) {
		List<String> disagreements = new ArrayList<>();
		for (String body : bodies) {
			boolean valid = schema.validate(JSON.readTree(body)).isEmpty();
			int status = server.of(body);
			if (valid == (status == 400)) {
				disagreements.add(body + ": schema " + (valid ? "accepts" : "refuses") + ", server answers " + status);
			}
		}
		assertThat(disagreements).isEmpty();
	}

	/** The schema of a request body, its references resolved in the contract. */
	private Schema body(String name) {
		return this.schemas.schema("#/components/requestBodies/" + name + "/content/application~1json/schema");
	}

	@FunctionalInterface
	private interface Status {

		int of(String body);

	}

}
