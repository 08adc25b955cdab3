package dev.execd.session;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;

/**
 * Ends every session and stream before the web server stops. Boot's graceful shutdown
 * waits for in-flight requests, and long polls and SSE streams would hold it for its
 * whole timeout. The context announces its closing before it stops anything, so this runs
 * first: readiness goes down, new sessions are refused, every session is terminated with
 * its log and metadata kept on disk, and every stream ends. (Not a lifecycle bean: those
 * are also stopped when a context is only paused.)
 */
final class SessionShutdown implements ApplicationListener<ContextClosedEvent> {

	private final SessionRegistry registry;

	SessionShutdown(SessionRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		AvailabilityChangeEvent.publish(event.getApplicationContext(), ReadinessState.REFUSING_TRAFFIC);
		this.registry.close();
	}

}
