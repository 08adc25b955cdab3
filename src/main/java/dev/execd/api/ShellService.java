package dev.execd.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.session.CommandOutput;
import dev.execd.session.CommandSnapshot;
import dev.execd.session.CommandSubmission;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SessionSnapshot;
import dev.execd.session.SessionUrls;
import dev.execd.session.ShellCommands;
import dev.execd.session.WaitSpec;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Service;

/**
 * The commands of shell sessions: submit, wait, list, cancel.
 */
@Service
public class ShellService {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	public ShellService(SessionRegistry registry, ExecdProperties properties) {
		this.registry = registry;
		this.properties = properties;
	}

	/**
	 * The answer to a submission: its body, and whether this call queued the command (a
	 * retry with a known request id did not).
	 */
	public record Submitted(CommandResult result, boolean created) {

	}

	public Submitted submit(Scope scope, String id, @Nullable CommandRequest body) throws InterruptedException {
		CommandRequest request = (body != null) ? body : CommandRequest.EMPTY;
		String cmd = request.checkedCmd();
		WaitSpec wait = request.toWait();
		String requestId = Inputs.label(request.requestId(), "request_id");
		boolean screen = request.screenView();
		Session session = this.registry.find(scope, id);
		Duration timeout = request.timeout(this.properties.limits().maxRuntimeCap(), left(session.snapshot()));
		ShellCommands shell = shell(session);
		if (screen) {
			// Refused before anything runs.
			ScreenService.of(session);
		}
		CommandSubmission submitted = shell.submit(cmd, timeout, requestId);
		// Submitted: a refusal now would have the retry run it twice.
		return new Submitted(await(session, submitted.command().commandId(), wait, screen, true), submitted.created());
	}

	/**
	 * A command, once it ended or the wait is up.
	 * @param peek answer at once, as a {@code HEAD} must: it gets its {@code GET}'s
	 * status and headers without being held for the wait
	 */
	public CommandResult get(Scope scope, String id, String commandId, @Nullable Long waitMs,
			@Nullable Long maxOutputBytes, @Nullable String truncation, @Nullable Boolean stripAnsi,
			@Nullable String view, boolean peek) throws InterruptedException {
		long ms = Inputs.inRange(waitMs, 0, 0, StartRequest.MAX_YIELD_MS, "wait_ms");
		WaitSpec wait = WaitSpec.of(TimeUnit.MILLISECONDS.toNanos(peek ? 0 : ms), null,
				(int) Inputs.clamp(maxOutputBytes, 32768, 256, 1048576, "max_output_bytes"), truncation,
				Inputs.flag(stripAnsi));
		boolean screen = ScreenService.wanted(view);
		Session session = this.registry.find(scope, id);
		if (screen) {
			ScreenService.of(session);
		}
		return await(session, commandId, wait, screen, false);
	}

	public CommandList list(Scope scope, String id) {
		Session session = this.registry.find(scope, id);
		ShellCommands shell = shell(session);
		List<CommandResult> commands = shell.list()
			.stream()
			.map((c) -> CommandResult.of(c, CommandOutput.NONE, next(shell, c), null))
			.toList();
		return CommandList.of(commands, shell.unclaimed());
	}

	public CommandResult cancel(Scope scope, String id, String commandId) throws InterruptedException {
		Session session = this.registry.find(scope, id);
		if (shell(session).cancel(commandId) == null) {
			throw ApiException.commandNotFound(commandId);
		}
		return await(session, commandId, WaitSpec.of(0, null, 32768, null, false), false, true);
	}

	/**
	 * The command's state and output once it ended, matched or the wait is up.
	 * @param owed whether the call already took effect: see {@code Excerpt#owed}
	 */
	private CommandResult await(Session session, String commandId, WaitSpec wait, boolean screen, boolean owed)
			throws InterruptedException {
		ShellCommands shell = shell(session);
		long deadline = System.nanoTime() + wait.yieldNanos();
		String logUrl = SessionUrls.log(session.snapshot());
		while (true) {
			long version = session.reads().version();
			CommandSnapshot command = shell.find(commandId);
			if (command == null) {
				throw ApiException.commandNotFound(commandId);
			}
			CommandOutput excerpt = shell.output(command, wait, logUrl, owed);
			Boolean matched = (wait.waitFor() != null) ? wait.waitFor().matcher(excerpt.text()).find() : null;
			if (command.exited() || Boolean.TRUE.equals(matched) || System.nanoTime() - deadline >= 0) {
				CommandResult answer = CommandResult.of(command, excerpt, next(shell, command), matched);
				return screen ? answer.withScreen(ScreenService.of(session)) : answer;
			}
			session.reads().awaitChange(version, deadline);
		}
	}

	/** The time the session has left under its max runtime. */
	private static Duration left(SessionSnapshot session) {
		Duration ran = Duration.between(session.startedAt(), Instant.now());
		Duration left = Duration.ofMillis(session.maxRuntimeMs()).minus(ran);
		return left.isNegative() ? Duration.ofMillis(1) : left;
	}

	private static long next(ShellCommands shell, CommandSnapshot command) {
		return (command.endOffset() >= 0) ? command.endOffset() : Math.max(command.outputOffset(), shell.logEnd());
	}

	/** The session's command queue; 409 {@code not_a_shell} for a command session. */
	ShellCommands shell(Session session) {
		ShellCommands shell = this.registry.shells().of(session);
		if (shell == null) {
			throw ApiException.notAShell(session.id());
		}
		return shell;
	}

}
