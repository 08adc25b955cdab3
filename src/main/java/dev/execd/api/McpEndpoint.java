package dev.execd.api;

import java.io.IOException;
import java.util.function.Function;
import java.util.function.Supplier;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;

/**
 * The {@code /mcp} servlet: hands every request to the SDK's transport while MCP runs,
 * else answers 503.
 * <p>
 * The transport is built when the context starts, not with the servlet: building it
 * starts the SDK's idle-session sweeper on a non-daemon thread, which would keep alive a
 * JVM whose startup failed later (port in use, a second server on the same directory).
 * This lifecycle runs after the web server's, so it starts last and stops first: closing
 * the MCP sessions ends their open SSE streams before Boot's graceful shutdown would wait
 * for them.
 */
final class McpEndpoint extends HttpServlet implements SmartLifecycle {

	private final Supplier<HttpServletStreamableServerTransportProvider> transports;

	private final Function<HttpServletStreamableServerTransportProvider, McpSyncServer> servers;

	private volatile @Nullable Running running;

	McpEndpoint(Supplier<HttpServletStreamableServerTransportProvider> transports,
			Function<HttpServletStreamableServerTransportProvider, McpSyncServer> servers) {
		this.transports = transports;
		this.servers = servers;
	}

	@Override
	protected void service(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		Running current = this.running;
		if (current == null) {
			response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "MCP is not running");
			return;
		}
		current.transport().service(request, response);
	}

	@Override
	public synchronized void start() {
		if (this.running == null) {
			HttpServletStreamableServerTransportProvider transport = this.transports.get();
			this.running = new Running(transport, this.servers.apply(transport));
		}
	}

	@Override
	public synchronized void stop() {
		Running current = this.running;
		this.running = null;
		if (current != null) {
			current.server().closeGracefully();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running != null;
	}

	@Override
	public void destroy() {
		stop();
	}

	private record Running(HttpServletStreamableServerTransportProvider transport, McpSyncServer server) {

	}

}
