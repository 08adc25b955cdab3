package dev.execd.session;

import org.springframework.context.SmartLifecycle;

/**
 * Ends every session and stream before the web server stops. Boot's graceful shutdown
 * waits for in-flight requests, and long polls and SSE streams would hold it for its
 * whole timeout; stopping in the last phase means this runs first: new sessions are
 * refused, every session is terminated, and every stream ends.
 */
final class SessionShutdown implements SmartLifecycle {

	private final SessionRegistry registry;

	private volatile boolean running;

	SessionShutdown(SessionRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.registry.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE;
	}

}
