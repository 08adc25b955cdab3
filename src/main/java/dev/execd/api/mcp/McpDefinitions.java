package dev.execd.api.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.Tool;

/**
 * The tools' definitions as a model sees them: name, title, description, annotations and
 * input schema from {@code resources/mcp/<tool>.json}, the output schema from the result
 * record.
 */
final class McpDefinitions {

	private McpDefinitions() {
	}

	static Tool tool(McpJsonMapper json, String name, Map<String, Object> outputSchema) {
		Tool defined = load(json, name);
		return Tool.builder()
			.name(defined.name())
			.title(defined.title())
			.description(defined.description())
			.inputSchema(defined.inputSchema())
			.outputSchema(outputSchema)
			.annotations(defined.annotations())
			.build();
	}

	private static Tool load(McpJsonMapper json, String name) {
		try (InputStream in = McpDefinitions.class.getResourceAsStream("/mcp/" + name + ".json")) {
			if (in == null) {
				throw new IllegalStateException("no definition of MCP tool " + name);
			}
			return json.readValue(in.readAllBytes(), Tool.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
