package dev.execd.api.mcp;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.execd.api.ApiException;
import dev.execd.api.CommandRequest;
import dev.execd.api.CommandResult;
import dev.execd.api.SessionService;
import dev.execd.api.SessionView;
import dev.execd.api.ShellService;
import dev.execd.api.StartRequest;
import dev.execd.session.Scope;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code run_in_shell} tool: a command in a persistent shell. Without a
 * {@code session_id} it runs in the conversation's shell, which is the newest running
 * shell session of the conversation named {@value #NAME}; the first call that finds none
 * starts one (with its {@code tty} and {@code workdir}). Finding and starting are one
 * step under a lock, so two first calls at once share one shell.
 */
final class McpShell {

	/** The name that marks a conversation's shell. */
	static final String NAME = "mcp-shell";

	private static final TypeReference<Map<String, @Nullable Object>> MAP = new TypeReference<>() {
	};

	private final SessionService sessions;

	private final ShellService shells;

	private final JsonMapper json;

	private final Object starting = new Object();

	McpShell(SessionService sessions, ShellService shells, JsonMapper json) {
		this.sessions = sessions;
		this.shells = shells;
		this.json = json;
	}

	CallToolResult run(Scope scope, McpArguments args) throws InterruptedException {
		long started = System.nanoTime();
		McpArguments.Shell shell = args.bind(McpArguments.Shell.class);
		CommandRequest request = shell.command();
		SessionView session = args.has(McpArguments.SESSION_ID) ? existing(scope, args.sessionId(), shell)
				: conversationShell(scope, shell);
		CommandResult result = this.shells.submit(scope, session.sessionId(), request).result();
		Map<String, @Nullable Object> structured = new LinkedHashMap<>();
		structured.put("session_id", session.sessionId());
		structured.putAll(McpContent.metadata(this.json.convertValue(result, MAP)));
		return McpResults.command(session, result, McpTools.millisSince(started), structured);
	}

	/**
	 * A shell named by the call: its settings are fixed, so the call may not ask others.
	 */
	private SessionView existing(Scope scope, String id, McpArguments.Shell shell) {
		SessionView session = this.sessions.get(scope, id);
		if (!"shell".equals(session.kind())) {
			throw ApiException.notAShell(id);
		}
		return checked(session, shell);
	}

	private SessionView conversationShell(Scope scope, McpArguments.Shell shell) throws InterruptedException {
		synchronized (this.starting) {
			SessionView found = this.sessions.list(scope, "running")
				.sessions()
				.stream()
				.filter((s) -> "shell".equals(s.kind()) && NAME.equals(s.name()))
				.max(Comparator.comparing(SessionView::startedAt))
				.orElse(null);
			if (found != null) {
				return checked(found, shell);
			}
			Map<String, @Nullable Object> body = new LinkedHashMap<>();
			body.put("shell", true);
			body.put("name", NAME);
			body.put("tty", shell.tty());
			body.put("workdir", shell.workdir());
			body.put("yield_time_ms", 0);
			StartRequest start = this.json.convertValue(body, StartRequest.class);
			return this.sessions.start(scope, start).result().session();
		}
	}

	private static SessionView checked(SessionView session, McpArguments.Shell shell) {
		if (shell.workdir() != null) {
			throw ApiException.invalid("workdir applies only when run_in_shell starts the shell; shell "
					+ session.sessionId() + " is running, use cd in cmd instead");
		}
		if (shell.tty() != null && shell.tty() != session.tty()) {
			throw ApiException.invalid("shell " + session.sessionId() + " has tty " + session.tty()
					+ "; a running shell cannot change it (kill_session it to start another)");
		}
		return session;
	}

}
