package dev.execd.api.mcp;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.execd.api.ApiException;
import dev.execd.api.ConversationSearchResult;
import dev.execd.api.ExecResult;
import dev.execd.api.FileInfo;
import dev.execd.api.FileListing;
import dev.execd.api.FileService;
import dev.execd.api.FileText;
import dev.execd.api.OutputResult;
import dev.execd.api.ProcessList;
import dev.execd.api.Refusals;
import dev.execd.api.ScopeResolver;
import dev.execd.api.RecordsService;
import dev.execd.api.ScreenService;
import dev.execd.api.ScreenView;
import dev.execd.api.SearchService;
import dev.execd.api.SessionList;
import dev.execd.api.SessionService;
import dev.execd.api.SessionView;
import dev.execd.api.ShellService;
import dev.execd.api.CommandResult;
import dev.execd.api.StartRequest;
import dev.execd.api.StdinRequest;
import dev.execd.api.Waits;
import dev.execd.files.FilesException;
import dev.execd.output.OutputException;
import dev.execd.session.Scope;
import dev.execd.session.SessionException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP tools. Each one binds its arguments to the request record of the REST route it
 * mirrors and calls the same {@link SessionService} use case as that route, so
 * validation, defaults, waits and results are the REST ones; refusals become tool errors
 * whose text starts with the contract's {@code code}. Definitions (descriptions, input
 * schemas) are in {@code resources/mcp/<tool>.json}.
 */
final class McpTools {

	private static final Logger logger = LoggerFactory.getLogger(McpTools.class);

	private static final String TENANT = "tenant";

	private static final String CONVERSATION = "conversation";

	private static final TypeReference<Map<String, @Nullable Object>> MAP = new TypeReference<>() {
	};

	private final SessionService sessions;

	private final ScreenService screens;

	private final JsonMapper json;

	private final McpShell shell;

	private final McpSearch search;

	private final McpFiles files;

	private final McpJsonMapper mcpJson;

	private final ScopeResolver scopes;

	private final RecordsService records;

	/**
	 * @param sessions the use cases the tools share with REST
	 * @param screens the screen use cases they share
	 * @param shells the commands of shell sessions
	 * @param search the search over logs
	 * @param json the application's mapper: snake_case, unknown fields refused, as REST
	 * @param mcpJson the SDK's mapper, for the protocol's own types
	 * @param scopes the scope rules of REST, the tenant included
	 * @param records the output framed as records or lines, for {@code framing}
	 */
	McpTools(SessionService sessions, ScreenService screens, ShellService shells, SearchService search, JsonMapper json,
			McpJsonMapper mcpJson, ScopeResolver scopes, RecordsService records, FileService files) {
		this.sessions = sessions;
		this.screens = screens;
		this.json = json;
		this.shell = new McpShell(sessions, shells, json);
		this.search = new McpSearch(search, sessions, this::structured);
		this.files = new McpFiles(files, this::structured);
		this.mcpJson = mcpJson;
		this.scopes = scopes;
		this.records = records;
	}

	/**
	 * What a tool needs from its HTTP request: the tenant and {@code X-Conversation-Id}.
	 */
	static McpTransportContext context(HttpServletRequest request) {
		Map<String, Object> values = new HashMap<>();
		String tenant = ScopeResolver.tenant(request.getUserPrincipal());
		if (tenant != null) {
			values.put(TENANT, tenant);
		}
		String conversation = request.getHeader(ScopeResolver.HEADER);
		if (conversation != null) {
			values.put(CONVERSATION, conversation);
		}
		return McpTransportContext.create(values);
	}

	List<SyncToolSpecification> specifications() {
		return List.of(tool("exec_command", McpOutputSchemas.metadata(ExecResult.class), this::execCommand),
				tool("write_stdin", McpOutputSchemas.metadata(ExecResult.class), this::writeStdin),
				tool("read_output", McpOutputSchemas.metadata(OutputResult.class), this::readOutput),
				tool("read_screen", McpOutputSchemas.metadata(ScreenView.class), this::readScreen),
				tool("kill_session", McpOutputSchemas.of(SessionView.class), this::killSession),
				tool("list_sessions", McpOutputSchemas.of(SessionList.class), this::listSessions),
				tool("list_processes", McpOutputSchemas.of(ProcessList.class), this::listProcesses),
				tool("run_in_shell", McpOutputSchemas.withSessionId(CommandResult.class), this.shell::run),
				tool("search_output", McpOutputSchemas.of(ConversationSearchResult.class), this.search::call),
				tool("read_file", McpOutputSchemas.metadata(FileText.class), this.files::read),
				tool("write_file", McpOutputSchemas.of(FileInfo.class), this.files::write),
				tool("list_dir", McpOutputSchemas.of(FileListing.class), this.files::list));
	}

	private CallToolResult execCommand(Scope scope, McpArguments args) throws InterruptedException {
		ExecResult result = this.sessions.start(scope, args.bind(StartRequest.class)).result();
		return McpResults.exec(result, McpContent.metadata(structured(result)));
	}

	private CallToolResult writeStdin(Scope scope, McpArguments args) throws InterruptedException {
		ExecResult result = this.sessions.stdin(scope, args.sessionId(), args.bind(StdinRequest.class));
		return McpResults.exec(result, McpContent.metadata(structured(result)));
	}

	private CallToolResult readOutput(Scope scope, McpArguments args) throws InterruptedException {
		long started = System.nanoTime();
		McpArguments.Read read = args.bind(McpArguments.Read.class);
		OutputResult result = (read.framing() != null)
				? this.records.framed(scope, args.sessionId(), read.offset(), read.waitMs(), read.framing())
				: this.sessions.output(scope, args.sessionId(), read.offset(), read.maxBytes(), read.waitMs(),
						read.waitFor(), new Waits.Until(read.waitForScreen(), read.settleMs(), read.inputQuietMs()),
						read.encodingOrDefault(), Boolean.TRUE.equals(read.stripAnsi()), read.view(), null, false);
		return McpResults.output(result, millisSince(started), McpContent.metadata(structured(result)));
	}

	private CallToolResult readScreen(Scope scope, McpArguments args) {
		McpArguments.Screen screen = args.bind(McpArguments.Screen.class);
		ScreenView result = this.screens.screen(scope, args.sessionId(), screen.scrollback());
		return McpResults.screen(result, McpContent.metadata(structured(result)));
	}

	private CallToolResult killSession(Scope scope, McpArguments args) {
		long started = System.nanoTime();
		McpArguments.Kill kill = args.bind(McpArguments.Kill.class);
		SessionView result = this.sessions.remove(scope, args.sessionId(), kill.graceMs(), kill.signal());
		return McpResults.killed(result, millisSince(started), structured(result));
	}

	private CallToolResult listSessions(Scope scope, McpArguments args) {
		SessionList result = this.sessions.list(scope, args.bind(McpArguments.Filter.class).status());
		return McpResults.list(result, structured(result));
	}

	private CallToolResult listProcesses(Scope scope, McpArguments args) {
		ProcessList result = this.sessions.processes(scope, args.sessionId());
		return McpResults.processes(result, structured(result));
	}

	/** One tool's body: a call in a scope with arguments checked by name. */
	private interface Body {

		CallToolResult call(Scope scope, McpArguments args) throws InterruptedException, IOException;

	}

	private SyncToolSpecification tool(String name, Map<String, Object> outputSchema, Body body) {
		Tool tool = McpDefinitions.tool(this.mcpJson, name, outputSchema);
		return SyncToolSpecification.builder()
			.tool(tool)
			.callHandler((exchange, request) -> call(tool, exchange, request, body))
			.build();
	}

	private CallToolResult call(Tool tool, McpSyncServerExchange exchange, CallToolRequest request, Body body) {
		try {
			McpTransportContext context = exchange.transportContext();
			Object conversation = context.get(CONVERSATION);
			Scope scope = this.scopes.scope(context.get(TENANT),
					(conversation != null) ? conversation.toString() : exchange.sessionId());
			return body.call(scope, McpArguments.checked(tool, request.arguments(), this.json));
		}
		catch (ApiException ex) {
			return McpResults.error(ex.code(), ex.getMessage());
		}
		catch (SessionException ex) {
			return McpResults.error(Refusals.of(ex).code(), ex.getMessage());
		}
		catch (OutputException ex) {
			return McpResults.error(Refusals.of(ex).code(), ex.getMessage());
		}
		catch (FilesException ex) {
			return McpResults.error(Refusals.of(ex).code(), ex.getMessage());
		}
		catch (JacksonException ex) {
			return McpResults.error("invalid_request", Refusals.bodyDetail(ex));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return McpResults.error("shutting_down", "the call was interrupted");
		}
		catch (RuntimeException | IOException ex) {
			logger.error("Unexpected error in MCP tool {}", tool.name(), ex);
			return McpResults.error("internal_error", "internal error");
		}
	}

	/** The REST body as a map: the same snake_case names and values as REST. */
	private Map<String, @Nullable Object> structured(@Nullable Object result) {
		return this.json.convertValue(result, MAP);
	}

	static long millisSince(long startedNanos) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
	}

}
