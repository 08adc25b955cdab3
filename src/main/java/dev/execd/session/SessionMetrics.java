package dev.execd.session;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The {@code execd_*} metrics. They count and time, and never carry command text or
 * output.
 */
public final class SessionMetrics {

	private final MeterRegistry meters;

	private final Counter started;

	private final Counter evicted;

	private final Counter logWriteErrors;

	private final LongAdder outputBytes = new LongAdder();

	private final Timer spawn;

	private final Map<EndReason, Counter> ended = new ConcurrentHashMap<>();

	public SessionMetrics(MeterRegistry meters, Supplier<Collection<Session>> sessions) {
		this.meters = meters;
		this.started = Counter.builder("execd.sessions.started").description("Sessions started").register(meters);
		this.evicted = Counter.builder("execd.sessions.evicted")
			.description("Sessions evicted at the per-conversation cap")
			.register(meters);
		this.logWriteErrors = Counter.builder("execd.log.write.errors")
			.description("Failed writes of session logs (a full disk); the output they held is lost")
			.register(meters);
		this.spawn = Timer.builder("execd.spawn").description("Time to start a session's process").register(meters);
		FunctionCounter.builder("execd.output.bytes", this.outputBytes, LongAdder::doubleValue)
			.description("Bytes of output read from sessions")
			.register(meters);
		for (boolean tty : new boolean[] { false, true }) {
			Gauge
				.builder("execd.sessions.active", sessions,
						(all) -> all.get().stream().filter((s) -> s.tty() == tty && s.isRunning()).count())
				.description("Sessions whose process is running")
				.strongReference(true)
				.tag("tty", Boolean.toString(tty))
				.register(meters);
		}
		Gauge
			.builder("execd.sse.subscribers", sessions,
					(all) -> all.get().stream().mapToInt((s) -> s.reads().subscribers()).sum())
			.description("Open SSE output streams")
			.strongReference(true)
			.register(meters);
		Gauge
			.builder("execd.log.disk.bytes", sessions,
					(all) -> all.get().stream().mapToLong((s) -> s.log().fileBytes()).sum())
			.description("Bytes of session logs on disk")
			.strongReference(true)
			.baseUnit("bytes")
			.register(meters);
	}

	void started() {
		this.started.increment();
	}

	void ended(EndReason reason) {
		// Registered once per reason, not looked up again at every end.
		this.ended
			.computeIfAbsent(reason,
					(r) -> Counter.builder("execd.sessions.ended")
						.description("Sessions whose process ended, by reason")
						.tag("end_reason", r.wireName())
						.register(this.meters))
			.increment();
	}

	void evicted() {
		this.evicted.increment();
	}

	void logWriteError() {
		this.logWriteErrors.increment();
	}

	void output(int bytes) {
		this.outputBytes.add(bytes);
	}

	Timer spawn() {
		return this.spawn;
	}

}
