package dev.execd.api.mcp;

import java.io.IOException;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.execd.api.ApiException;
import dev.execd.api.ScopeResolver;
import dev.execd.session.Scope;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;

/**
 * The {@code /mcp} servlet: hands every request to the SDK's transport while MCP runs,
 * else answers 503; a request whose params the SDK would fail on is answered first (see
 * {@link McpRequestShape}).
 * <p>
 * The transport and the server are built by the first request once the context has
 * started, not with the servlet: building them starts the SDK's idle-session sweeper on a
 * non-daemon thread, which would keep alive a JVM whose startup failed later (port in
 * use, a second server on the same directory), and loads Reactor and the SDK's JSON
 * schema support, which a server that no MCP client calls should not pay for at start
 * (BENCHMARKS.md "Start-up"). This lifecycle runs after the web server's, so it stops
 * first: closing the MCP sessions ends their open SSE streams before Boot's graceful
 * shutdown would wait for them.
 * <p>
 * When a client ends its MCP session ({@code DELETE /mcp}), the sessions of the
 * conversation that MCP session stood for are terminated and removed, as
 * {@code DELETE /sessions} would: nobody can address that conversation any more without
 * knowing the ended session's id. Sessions a client started in a conversation it named
 * with {@code X-Conversation-Id} stay (REST clients may share them). The transport also
 * evicts MCP sessions on its own, without telling: its sweeper (every 30 minutes, the
 * SDK's default) drops one with no stream open that no request named since the last
 * sweep. Those, and all of them at a restart, leave their sessions to the inactivity TTL.
 * <p>
 * An MCP session belongs to the tenant that initialized it: any other tenant's request
 * naming it is answered as one naming an unknown session (see {@link McpSessionOwners}).
 */
final class McpEndpoint extends HttpServlet implements SmartLifecycle {

	/** The methods of {@code /mcp}: the transport's and those the servlet answers. */
	static final String ALLOW = "GET, HEAD, POST, DELETE, OPTIONS";

	private static final Set<String> ALLOWED = Set.of(ALLOW.split(", "));

	private final Supplier<HttpServletStreamableServerTransportProvider> transports;

	private final Function<HttpServletStreamableServerTransportProvider, McpSyncServer> servers;

	private final Consumer<Scope> conversationEnded;

	private final ScopeResolver scopes;

	private final McpSessionOwners owners = new McpSessionOwners();

	/** The request body cap, as the transport's. */
	private final int maxBody;

	private volatile boolean started;

	private volatile @Nullable Running running;

	McpEndpoint(Supplier<HttpServletStreamableServerTransportProvider> transports,
			Function<HttpServletStreamableServerTransportProvider, McpSyncServer> servers,
			Consumer<Scope> conversationEnded, ScopeResolver scopes, int maxBody) {
		this.scopes = scopes;
		this.maxBody = maxBody;
		this.transports = transports;
		this.servers = servers;
		this.conversationEnded = conversationEnded;
	}

	@Override
	protected void service(HttpServletRequest request, HttpServletResponse response)
			throws ServletException, IOException {
		if (!ALLOWED.contains(request.getMethod())) {
			// HttpServlet answers a method it does not know with 501, a server error to a
			// client, and PUT or PATCH with a 405 that names no method allowed.
			response.setHeader("Allow", ALLOW);
			response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
			return;
		}
		if ("OPTIONS".equals(request.getMethod())) {
			// HttpServlet's answer names TRACE, which Tomcat refuses everywhere.
			response.setHeader("Allow", ALLOW);
			return;
		}
		Running current = running();
		if (current == null) {
			response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "MCP is not running");
			return;
		}
		HttpServletRequest checked = McpRequestShape.check(request, response, this.maxBody);
		if (checked == null) {
			return;
		}
		McpProblemResponse answer = new McpProblemResponse(response);
		current.transport()
			.service(this.owners.admit(checked), this.owners.recording(answer, McpSessionOwners.tenant(request)));
		answer.finish();
		this.owners.answered(request, response.getStatus());
		String ended = request.getHeader(HttpHeaders.MCP_SESSION_ID);
		// 200 only when the SDK knew the session and closed it.
		if ("DELETE".equals(request.getMethod()) && response.getStatus() == HttpServletResponse.SC_OK
				&& ended != null) {
			endConversation(request, ended);
		}
	}

	private void endConversation(HttpServletRequest request, String mcpSessionId) {
		Scope scope;
		try {
			scope = this.scopes.scope(ScopeResolver.tenant(request.getUserPrincipal()), mcpSessionId);
		}
		catch (ApiException ex) {
			// Not an id this server hands out, so no conversation of ours.
			return;
		}
		this.conversationEnded.accept(scope);
	}

	/** The transport and the server, built by the first caller while started. */
	private @Nullable Running running() {
		Running current = this.running;
		if (current != null || !this.started) {
			return current;
		}
		synchronized (this) {
			if (this.running == null && this.started) {
				HttpServletStreamableServerTransportProvider transport = this.transports.get();
				this.running = new Running(transport, this.servers.apply(transport));
			}
			return this.running;
		}
	}

	@Override
	public synchronized void start() {
		this.started = true;
	}

	@Override
	public synchronized void stop() {
		this.started = false;
		Running current = this.running;
		this.running = null;
		if (current != null) {
			current.server().closeGracefully();
		}
		this.owners.clear();
	}

	@Override
	public boolean isRunning() {
		return this.started;
	}

	@Override
	public void destroy() {
		stop();
	}

	private record Running(HttpServletStreamableServerTransportProvider transport, McpSyncServer server) {

	}

}
