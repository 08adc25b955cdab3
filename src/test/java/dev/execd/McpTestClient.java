package dev.execd;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * An MCP client of the official SDK for end-to-end tests: Streamable HTTP to {@code /mcp}
 * on the test server, extra headers on every request, results as text and structured
 * content.
 */
public final class McpTestClient implements AutoCloseable {

	private final McpSyncClient client;

	private McpTestClient(McpSyncClient client) {
		this.client = client;
	}

	/** A client that has not initialized yet; headers are name, value pairs. */
	public static McpTestClient create(int port, String... headers) {
		HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
			.builder("http://127.0.0.1:" + port)
			.endpoint("/mcp")
			.httpRequestCustomizer((request, method, uri, body, context) -> {
				for (int i = 0; i < headers.length; i += 2) {
					request.header(headers[i], headers[i + 1]);
				}
			})
			.build();
		return new McpTestClient(McpClient.sync(transport)
			.requestTimeout(Duration.ofSeconds(60))
			.initializationTimeout(Duration.ofSeconds(30))
			.build());
	}

	/** A client that has initialized its MCP session. */
	public static McpTestClient connect(int port, String... headers) {
		McpTestClient client = create(port, headers);
		client.client.initialize();
		return client;
	}

	public McpSyncClient sdk() {
		return this.client;
	}

	public List<McpSchema.Tool> tools() {
		return this.client.listTools().tools();
	}

	public Result call(String tool, Map<String, ?> arguments) {
		@SuppressWarnings("unchecked")
		McpSchema.CallToolResult result = this.client
			.callTool(new McpSchema.CallToolRequest(tool, (Map<String, Object>) arguments));
		String text = ((McpSchema.TextContent) result.content().get(0)).text();
		@SuppressWarnings("unchecked")
		Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
		return new Result(text, structured, Boolean.TRUE.equals(result.isError()));
	}

	/** Calls a tool and fails unless it succeeded. */
	public Result ok(String tool, Map<String, ?> arguments) {
		Result result = call(tool, arguments);
		if (result.error()) {
			throw new AssertionError(tool + " failed: " + result.text());
		}
		return result;
	}

	@Override
	public void close() {
		this.client.closeGracefully();
	}

	/**
	 * One tool result.
	 */
	public record Result(String text, Map<String, Object> structured, boolean error) {

		public boolean exited() {
			return this.text.startsWith("[exited]\n");
		}

		/** The value of a header line ({@code name: value}), or null. */
		public String header(String name) {
			Matcher matcher = Pattern.compile("(?m)^" + name + ": (.*)$").matcher(head());
			return matcher.find() ? matcher.group(1) : null;
		}

		public String head() {
			return this.text.substring(0, this.text.indexOf("\n---\n") + 1);
		}

		/** The text after the {@code ---} line. */
		public String output() {
			return this.text.substring(this.text.indexOf("\n---\n") + 5);
		}

		public String sessionId() {
			return header("session_id");
		}

		@SuppressWarnings("unchecked")
		public Map<String, Object> session() {
			return (Map<String, Object>) this.structured.get("session");
		}

	}

}
