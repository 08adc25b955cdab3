package dev.execd.api;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.process.Signals;
import dev.execd.session.ExecOutcome;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sessions over HTTP: start, write and poll, read by offset, inspect, signal, resize and
 * remove.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
class SessionController {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	SessionController(SessionRegistry registry, ExecdProperties properties) {
		this.registry = registry;
		this.properties = properties;
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<ExecResult> start(Scope scope, @RequestBody StartRequest request) throws InterruptedException {
		long started = System.nanoTime();
		var spec = request.toSpec(this.properties.limits());
		var wait = request.toWait();
		SessionRegistry.Started result = this.registry.start(scope, spec);
		ExecResult body = ExecResult.of(result.session().reads().poll(wait, started));
		return result.created() ? ResponseEntity.created(URI.create("/sessions/" + result.session().id())).body(body)
				: ResponseEntity.ok(body);
	}

	@PostMapping(path = "/{id}/stdin", consumes = MediaType.APPLICATION_JSON_VALUE)
	ExecResult stdin(Scope scope, @PathVariable String id, @RequestBody(required = false) @Nullable StdinRequest body)
			throws InterruptedException {
		long started = System.nanoTime();
		StdinRequest request = (body != null) ? body : StdinRequest.POLL;
		request.validate();
		var wait = request.toWait(this.properties.limits().maxPoll().toMillis());
		Session session = this.registry.find(scope, id);
		if (request.writes()) {
			var snapshot = session.snapshot();
			StdinRequest.Input input = request.input(snapshot.tty(), session.applicationCursor());
			session.write(input.bytes(), input.typed(), Inputs.flag(request.eof()), request.requestId());
		}
		ExecOutcome outcome = session.reads().poll(wait, started);
		return ExecResult.of(outcome);
	}

	@GetMapping("/{id}/output")
	OutputResult output(Scope scope, @PathVariable String id, @RequestParam(required = false) @Nullable Long offset,
			@RequestParam(name = "max_bytes", required = false) @Nullable Long maxBytes,
			@RequestParam(name = "wait_ms", required = false) @Nullable Long waitMs,
			@RequestParam(name = "wait_for", required = false) @Nullable String waitFor,
			@RequestParam(required = false, defaultValue = "utf8") String encoding,
			@RequestParam(name = "strip_ansi", required = false, defaultValue = "false") boolean stripAnsi)
			throws InterruptedException {
		if (offset != null && offset < 0) {
			throw ApiException.invalid("offset must not be negative");
		}
		boolean base64 = Inputs.base64(encoding);
		int max = (int) Inputs.clamp(maxBytes, 65536, 1, 1048576, "max_bytes");
		long wait = Inputs.clamp(waitMs, 0, 0, this.properties.limits().maxPoll().toMillis(), "wait_ms");
		var pattern = Inputs.waitFor(waitFor);
		Session session = this.registry.find(scope, id);
		return OutputResult
			.of(session.reads().read(offset, max, TimeUnit.MILLISECONDS.toNanos(wait), pattern, base64, stripAnsi));
	}

	@GetMapping
	SessionList list(Scope scope, @RequestParam(required = false) @Nullable String status) {
		Boolean running = (status == null) ? null : switch (status) {
			case "running" -> true;
			case "exited" -> false;
			default -> throw ApiException.invalid("status must be running or exited");
		};
		return new SessionList(this.registry.list(scope, running).stream().map(SessionView::of).toList());
	}

	@DeleteMapping
	RemovedCount deleteAll(Scope scope) {
		return new RemovedCount(this.registry.removeAll(scope));
	}

	@GetMapping("/{id}")
	SessionView get(Scope scope, @PathVariable String id) {
		return SessionView.of(this.registry.find(scope, id).snapshot());
	}

	@PatchMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView patch(Scope scope, @PathVariable String id, @RequestBody PatchRequest request) {
		String name = Inputs.label(request.name(), "name");
		Duration maxRuntime = request.maxRuntime(this.properties.limits());
		Duration idleTimeout = request.idleTimeout();
		return SessionView.of(this.registry.find(scope, id).update(name, maxRuntime, idleTimeout));
	}

	@PostMapping(path = "/{id}/signal", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView signal(Scope scope, @PathVariable String id, @RequestBody SignalRequest request) {
		Signals.Signal signal = request.parsed();
		return SessionView.of(this.registry.find(scope, id).signal(signal.number()));
	}

	@PostMapping(path = "/{id}/resize", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView resize(Scope scope, @PathVariable String id, @RequestBody ResizeRequest request) {
		int cols = request.checkedCols();
		int rows = request.checkedRows();
		return SessionView.of(this.registry.find(scope, id).resize(cols, rows));
	}

	@DeleteMapping("/{id}")
	SessionView delete(Scope scope, @PathVariable String id,
			@RequestParam(name = "grace_ms", required = false) @Nullable Long graceMs,
			@RequestParam(required = false) @Nullable String signal) {
		Duration defaultGrace = this.properties.process().killGrace();
		long grace = Inputs.clamp(graceMs, defaultGrace.toMillis(), 0, 60_000, "grace_ms");
		Signals.Signal sig = (signal != null)
				? Signals.parse(signal).orElseThrow(() -> ApiException.unknownSignal(signal)) : Signals.SIGTERM;
		return SessionView.of(this.registry.remove(scope, id, sig, Duration.ofMillis(grace)));
	}

}
