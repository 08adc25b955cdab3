package dev.execd.api;

import java.time.Duration;
import java.util.List;

import dev.execd.config.ExecdProperties;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SessionSnapshot;
import dev.execd.session.SessionWatches;
import dev.execd.session.WatchSpec;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The watch use cases: adding, listing and removing a session's watches, and the
 * {@code PATCH} that may replace them with the session's label and limits.
 */
@Component
public class WatchService {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	WatchService(SessionRegistry registry, ExecdProperties properties) {
		this.registry = registry;
		this.properties = properties;
	}

	public WatchView add(Scope scope, String id, @Nullable WatchRequest request) {
		if (request == null) {
			throw ApiException.invalid("a watch needs a name and a pattern");
		}
		WatchSpec spec = request.toSpec();
		return WatchView.of(watches(scope, id).add(spec));
	}

	public WatchList list(Scope scope, String id) {
		return new WatchList(watches(scope, id).list().stream().map(WatchView::of).toList());
	}

	public WatchView get(Scope scope, String id, String name) {
		return WatchView.of(watches(scope, id).get(name));
	}

	public void remove(Scope scope, String id, String name) {
		watches(scope, id).remove(name);
	}

	/**
	 * Changes a running session's label and limits and, when {@code watches} is given,
	 * replaces its watches; everything is checked before anything changes.
	 */
	public SessionView update(Scope scope, String id, @Nullable String name, @Nullable Long maxRuntimeMs,
			@Nullable Long idleTimeoutMs, @Nullable List<@Nullable WatchRequest> watches) {
		String label = Inputs.label(name, "name");
		Duration maxRuntime = (maxRuntimeMs != null) ? Inputs.maxRuntime(maxRuntimeMs, this.properties.limits()) : null;
		Duration idleTimeout = (idleTimeoutMs != null)
				? Duration.ofMillis(Inputs.nonNegative(idleTimeoutMs, 0, "idle_timeout_ms")) : null;
		List<WatchSpec> specs = WatchRequest.specs(watches);
		Session session = this.registry.find(scope, id);
		SessionSnapshot updated = session.update(label, maxRuntime, idleTimeout);
		if (specs != null) {
			this.registry.watches().of(session).replace(specs);
		}
		return SessionView.of(updated);
	}

	private SessionWatches watches(Scope scope, String id) {
		return this.registry.watches().of(this.registry.find(scope, id));
	}

}
