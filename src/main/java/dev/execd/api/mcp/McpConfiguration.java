package dev.execd.api.mcp;

import dev.execd.api.ScopeResolver;
import dev.execd.api.FileService;
import dev.execd.api.RecordsService;
import dev.execd.api.ScreenService;
import dev.execd.api.SearchService;
import dev.execd.api.SessionService;
import dev.execd.api.ShellService;
import dev.execd.config.ExecdProperties;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * MCP over Streamable HTTP at {@code /mcp}: the official SDK's servlet transport in the
 * same Tomcat as the REST API, so the security chain guards it too, and a server whose
 * tools are {@link McpTools}.
 */
@Configuration(proxyBeanMethods = false)
class McpConfiguration {

	static final String ENDPOINT = "/mcp";

	private static final String INSTRUCTIONS = "Long-lived shell sessions: exec_command starts one, write_stdin "
			+ "types into it or polls it, read_output reads by offset or long-polls, read_screen shows a "
			+ "terminal session's screen, kill_session ends it, list_sessions lists them (with the ports they listen on), list_processes "
			+ "shows a session's processes and ports; run_in_shell runs "
			+ "a command in the conversation's persistent shell (cd, export, a virtualenv carry over) and returns "
			+ "its own exit code and output; search_output finds lines in whole logs without reading them; "
			+ "read_file, write_file and list_dir read, write and list files in the workspace.";

	/**
	 * The endpoint. It builds the transport and the server at the first request after the
	 * context started (see {@link McpEndpoint} for why), and resolves the session engine
	 * only then.
	 */
	@Bean
	McpEndpoint mcpEndpoint(ExecdProperties properties, ObjectProvider<SessionService> sessions,
			ObjectProvider<ScreenService> screens, ObjectProvider<ShellService> shells,
			ObjectProvider<SearchService> search, ObjectProvider<JsonMapper> json,
			ObjectProvider<RecordsService> records, ObjectProvider<FileService> files, ScopeResolver scopes) {
		int maxBody = (int) Math.min(Integer.MAX_VALUE, properties.limits().maxRequestBody().toBytes());
		return new McpEndpoint(() -> transport(maxBody), (transport) -> server(transport,
				new McpTools(sessions.getObject(), screens.getObject(), shells.getObject(), search.getObject(),
						json.getObject(), McpJsonDefaults.getMapper(), scopes, records.getObject(), files.getObject())),
				(conversation) -> sessions.getObject().removeAll(conversation), scopes, maxBody);
	}

	@Bean
	ServletRegistrationBean<McpEndpoint> mcpServlet(McpEndpoint endpoint) {
		ServletRegistrationBean<McpEndpoint> registration = new ServletRegistrationBean<>(endpoint, ENDPOINT);
		registration.setName("mcp");
		// Tool results stream back as SSE from an async context.
		registration.setAsyncSupported(true);
		return registration;
	}

	private static HttpServletStreamableServerTransportProvider transport(int maxBody) {
		return HttpServletStreamableServerTransportProvider.builder()
			.mcpEndpoint(ENDPOINT)
			// The SDK reads the body itself: the same cap as REST.
			.maxRequestSize(maxBody)
			.contextExtractor(McpTools::context)
			.build();
	}

	private static McpSyncServer server(HttpServletStreamableServerTransportProvider transport, McpTools tools) {
		return McpServer.sync(transport)
			.serverInfo("execd", "1")
			.instructions(INSTRUCTIONS)
			.capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
			// A tool blocks while it waits for output: run it on the request's own
			// (virtual) thread, not on Reactor's small bounded-elastic pool.
			.immediateExecution(true)
			// execd validates the arguments itself, so that refusals carry its codes.
			.validateToolInputs(false)
			.tools(tools.specifications())
			.build();
	}

}
