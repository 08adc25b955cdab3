package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.execd.api.Refusals;
import io.swagger.v3.core.util.Yaml31;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract's {@code Problem.code} enum lists exactly the codes the server sends: a
 * code added in the source without the enum (or left in the enum after its last use)
 * fails here. Codes are found where refusals are made: next to their HTTP status
 * ({@code new Refusal(HttpStatus.X, "code")}, {@code ApiException}, the problem writers),
 * in the MCP and attach errors ({@code error("code", ...)}, {@code refuse("code", ...)}),
 * and in {@link Refusals#codeFor}, asked for every status.
 */
class ProblemCodesTests {

	private static final Pattern NEXT_TO_STATUS = Pattern.compile("HttpStatus\\.[A-Z_]+,\\s*\"([a-z0-9_]+)\"");

	private static final Pattern ERROR_CALL = Pattern.compile("\\b(?:error|refuse)\\(\\s*\"([a-z0-9_]+)\"");

	@Test
	void theEnumListsEveryCodeTheServerSends() throws IOException {
		Set<String> emitted = emittedCodes();
		List<String> listed = new ArrayList<>();
		codeSchema().get("enum").forEach((code) -> listed.add(code.asText()));
		assertThat(emitted).as("codes the source sends").hasSizeGreaterThan(40).contains("session_not_found");
		assertThat(listed).as("Problem.code's enum in %s", OpenApiContractTests.COMMITTED)
			.doesNotHaveDuplicates()
			.containsExactlyInAnyOrderElementsOf(emitted);
	}

	@Test
	void theDescriptionGivesEveryCodeItsStatus() {
		JsonNode code = codeSchema();
		String description = code.get("description").asText();
		List<String> missing = new ArrayList<>();
		code.get("enum").forEach((value) -> {
			if (!description.contains("`" + value.asText() + "`")) {
				missing.add(value.asText());
			}
		});
		assertThat(missing).as("codes the description does not name").isEmpty();
	}

	@Test
	void theReadmeNamesEveryCode() throws IOException {
		String readme = Files.readString(Path.of("README.md"));
		List<String> missing = new ArrayList<>();
		codeSchema().get("enum").forEach((value) -> {
			if (!readme.contains("`" + value.asText() + "`")) {
				missing.add(value.asText());
			}
		});
		assertThat(missing).as("codes README.md does not name").isEmpty();
	}

	private static JsonNode codeSchema() {
		try {
			return Yaml31.mapper()
				.readTree(Files.readString(OpenApiContractTests.COMMITTED))
				.at("/components/schemas/Problem/properties/code");
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Set<String> emittedCodes() throws IOException {
		Set<String> codes = new TreeSet<>();
		try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
			for (Path file : files.filter((f) -> f.toString().endsWith(".java")).toList()) {
				String source = Files.readString(file);
				for (Pattern pattern : List.of(NEXT_TO_STATUS, ERROR_CALL)) {
					Matcher matcher = pattern.matcher(source);
					while (matcher.find()) {
						codes.add(matcher.group(1));
					}
				}
			}
		}
		IntStream.range(100, 600).mapToObj(Refusals::codeFor).forEach(codes::add);
		return codes;
	}

}
