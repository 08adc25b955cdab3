package dev.execd.api;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SignalNames;
import dev.execd.session.WaitSpec;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The session use cases that REST and MCP share: each takes the wire request as the
 * client sent it, checks it, calls {@code session/} and returns the wire result. Both
 * adapters call these methods, never each other, so a refusal, a default or a wait is the
 * same over either.
 */
@Component
public class SessionService {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	private final Webhooks webhooks;

	SessionService(SessionRegistry registry, ExecdProperties properties, Webhooks webhooks) {
		this.registry = registry;
		this.properties = properties;
		this.webhooks = webhooks;
	}

	/**
	 * The answer to a start: its body, and whether this call created the session (a retry
	 * with a known request id did not).
	 */
	public record Started(ExecResult result, boolean created) {

	}

	public Started start(Scope scope, StartRequest request) throws InterruptedException {
		long started = System.nanoTime();
		Webhooks.Notification[] notify = new Webhooks.Notification[1];
		SessionRegistry.Started result;
		try {
			result = this.registry.startOrJoin(scope, request.requestId(), () -> {
				// A new session's body must be valid as a whole before anything starts.
				var spec = request.toSpec(this.properties.limits());
				request.toWait();
				if (request.notifyWebhook() != null) {
					// Last: a slot taken is given back below when nothing starts.
					notify[0] = this.webhooks.reserve(scope,
							request.notifyWebhook().checked(this.properties.webhooks()));
				}
				return spec;
			});
		}
		catch (RuntimeException | Error ex) {
			cancel(notify[0]);
			throw ex;
		}
		Session session = result.session();
		if (!result.created()) {
			cancel(notify[0]);
			ExecResult answer = ExecResult.of(session.reads().poll(retryWait(request), started));
			return new Started(retryScreen(request, session) ? answer.withScreen(ScreenService.of(session)) : answer,
					false);
		}
		try {
			if (notify[0] != null) {
				notify[0].follow(session.id());
			}
			// Started: a refusal now would have the retry start it twice.
			ExecResult answer = ExecResult.of(session.reads().pollOwed(request.toWait(), started));
			return new Started(request.screenView() ? answer.withScreen(ScreenService.of(session)) : answer, true);
		}
		catch (InterruptedException | RuntimeException | Error ex) {
			// A failed answer would leave a running session whose id nobody learned.
			this.registry.discard(result.session());
			throw ex;
		}
	}

	private static void cancel(Webhooks.@Nullable Notification notify) {
		if (notify != null) {
			notify.cancel();
		}
	}

	/**
	 * A retry starts nothing and answers whatever its body says (SPEC 2.1): the body's
	 * wait when it is valid, the defaults otherwise.
	 */
	private static WaitSpec retryWait(StartRequest request) {
		try {
			return request.toWait();
		}
		catch (ApiException ex) {
			return StartRequest.DEFAULTS.toWait();
		}
	}

	/** A retry answers with the screen when its body asks and the session has one. */
	private static boolean retryScreen(StartRequest request, Session session) {
		try {
			return request.screenView() && session.screenText() != null;
		}
		catch (ApiException ex) {
			return false;
		}
	}

	public ExecResult stdin(Scope scope, String id, @Nullable StdinRequest body) throws InterruptedException {
		long started = System.nanoTime();
		StdinRequest request = (body != null) ? body : StdinRequest.POLL;
		request.validate();
		var wait = request.toWait(this.properties.limits().maxPoll().toMillis());
		Session session = this.registry.find(scope, id);
		Waits.checkScreen(wait, session);
		boolean screen = request.screenView();
		if (screen) {
			// Refused before anything is typed.
			ScreenService.requireTerminal(session);
		}
		ExecResult answer;
		if (request.writes()) {
			session.type(request.inputs(), request.requestId());
			// Typed: a refusal now would have the retry type it twice.
			answer = ExecResult.of(session.reads().pollOwed(wait, started));
		}
		else {
			answer = ExecResult.of(session.reads().poll(wait, started));
		}
		return screen ? answer.withScreen(ScreenService.of(session)) : answer;
	}

	/**
	 * A read of the output by offset or from the delivery cursor.
	 * @param peek answer at once what the read would answer now, moving no cursor: a
	 * {@code HEAD}, which is safe, gets the status and headers of its {@code GET} without
	 * taking an agent's output or holding the request for the wait
	 */
	public OutputResult output(Scope scope, String id, @Nullable Long offset, @Nullable Long maxBytes,
			@Nullable Long waitMs, @Nullable String waitFor, Waits.Until until, String encoding, boolean stripAnsi,
			@Nullable String view, @Nullable String stream, boolean peek) throws InterruptedException {
		boolean screen = ScreenService.wanted(view);
		Inputs.stream(stream);
		if (offset != null && offset < 0) {
			throw ApiException.invalid("offset must not be negative");
		}
		boolean base64 = Inputs.base64(encoding);
		int max = (int) Inputs.clamp(maxBytes, 65536, 1, 1048576, "max_bytes");
		long wait = Inputs.clamp(waitMs, 0, 0, this.properties.limits().maxPoll().toMillis(), "wait_ms");
		WaitSpec spec = until.applyTo(WaitSpec.of(TimeUnit.MILLISECONDS.toNanos(peek ? 0 : wait),
				Waits.pattern(waitFor, "wait_for"), max, null, stripAnsi));
		Session session = this.registry.find(scope, id);
		Waits.checkScreen(spec, session);
		if (screen) {
			ScreenService.requireTerminal(session);
		}
		Long from = (peek && offset == null) ? Long.valueOf(session.reads().cursor()) : offset;
		OutputResult answer = OutputResult.of(session.reads().read(from, max, spec, base64, stream));
		return screen ? answer.withScreen(ScreenService.of(session)) : answer;
	}

	public SessionList list(Scope scope, @Nullable String status) {
		Boolean running = (status == null) ? null : switch (status) {
			case "running" -> true;
			case "exited" -> false;
			default -> throw ApiException.invalid("status must be running or exited");
		};
		return new SessionList(this.registry.list(scope, running).stream().map(SessionView::of).toList());
	}

	public SessionView get(Scope scope, String id) {
		return SessionView.of(this.registry.find(scope, id).snapshot());
	}

	public SessionView remove(Scope scope, String id, @Nullable Long graceMs, @Nullable String signal) {
		Duration defaultGrace = this.properties.process().killGrace();
		long grace = Inputs.clamp(graceMs, defaultGrace.toMillis(), 0, 60_000, "grace_ms");
		int sig = (signal != null) ? SignalNames.number(signal).orElseThrow(() -> ApiException.unknownSignal(signal))
				: SignalNames.DEFAULT_TERMINATION;
		return SessionView.of(this.registry.remove(scope, id, sig, Duration.ofMillis(grace)));
	}

	public RemovedCount removeAll(Scope scope) {
		return new RemovedCount(this.registry.removeAll(scope));
	}

	/** The live processes of a session; see {@code SessionMonitor#processes}. */
	public ProcessList processes(Scope scope, String id) {
		return ProcessList.of(this.registry.monitor().processes(this.registry.find(scope, id)));
	}

}
