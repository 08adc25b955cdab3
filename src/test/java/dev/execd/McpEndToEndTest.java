package dev.execd;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the MCP end-to-end tests: an SDK client connected to {@code /mcp} in the test's
 * conversation.
 */
abstract class McpEndToEndTest extends EndToEndTest {

	protected McpTestClient mcp;

	@BeforeEach
	void connect() {
		this.mcp = McpTestClient.connect(this.port, "X-Conversation-Id", this.api.conversation());
	}

	@AfterEach
	void disconnect() {
		this.mcp.close();
	}

}
