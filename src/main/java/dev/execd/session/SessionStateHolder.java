package dev.execd.session;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * The one place a session's {@link SessionState} changes. A change is a transition
 * applied by compare-and-set, so readers never wait and a reader sees one consistent
 * state. A transition may run more than once under contention: it must be pure, and may
 * throw to refuse the change (nothing changes then).
 */
final class SessionStateHolder {

	private final AtomicReference<SessionState> state;

	SessionStateHolder(SessionState initial) {
		this.state = new AtomicReference<>(initial);
	}

	SessionState current() {
		return this.state.get();
	}

	/** Applies the transition and returns the state it produced. */
	SessionState update(UnaryOperator<SessionState> transition) {
		return this.state.updateAndGet(transition);
	}

}
