package dev.execd;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * MCP starts after the web server and stops before it: an open MCP stream does not hold
 * the graceful shutdown, and a server that fails to start leaves no SDK thread that would
 * keep its JVM alive.
 */
class McpLifecycleTests {

	private static final String SWEEPER = "streamable-http-server-transport-session-sweeper";

	@TempDir
	Path dir;

	@Test
	void shutdownDoesNotWaitForOpenMcpStreams() {
		ConfigurableApplicationContext context = start("--server.port=0");
		int port = ((WebServerApplicationContext) context).getWebServer().getPort();
		McpTestClient client = McpTestClient.connect(port);
		assertThat(client.ok("list_sessions", Map.of()).text()).isEqualTo("sessions: 0\n---\n");
		long started = System.nanoTime();
		context.close();
		assertThat((System.nanoTime() - started) / 1_000_000).as("shutdown time in ms").isLessThan(10_000);
		client.sdk().close();
	}

	@Test
	void aServerThatFailsToStartLeavesNoMcpThreadBehind() throws IOException {
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			long before = sweepers();
			assertThatException().isThrownBy(() -> start("--server.port=" + taken.getLocalPort()));
			assertThat(sweepers()).isEqualTo(before);
		}
	}

	private ConfigurableApplicationContext start(String port) {
		return new SpringApplicationBuilder(ExecdApplication.class).run(port,
				"--execd.output.dir=" + this.dir.resolve("logs"));
	}

	private static long sweepers() {
		return Thread.getAllStackTraces().keySet().stream().filter((t) -> t.getName().startsWith(SWEEPER)).count();
	}

}
