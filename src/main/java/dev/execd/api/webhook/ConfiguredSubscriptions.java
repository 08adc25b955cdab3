package dev.execd.api.webhook;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.execd.api.EventTypes;
import dev.execd.config.ExecdProperties;
import dev.execd.config.WebhookSubscriptions;
import dev.execd.session.Scope;

/**
 * The configured subscriptions, checked at startup: a URL that is absolute http or https,
 * known event types, and a tenant that exists. With tokens every subscription names one
 * of their tenants; without, it belongs to the anonymous tenant, the only one there is. A
 * mistake stops execd with the subscription's name, never its secret.
 */
final class ConfiguredSubscriptions {

	private ConfiguredSubscriptions() {
	}

	static List<Subscription> of(Map<String, WebhookSubscriptions.Subscription> configured,
			ExecdProperties.Security security) {
		List<String> tenants = security.tenants();
		List<Subscription> subscriptions = new ArrayList<>();
		configured.forEach((name, given) -> {
			String key = "execd.webhooks." + name;
			URI url = url(key, given.url());
			for (String type : given.events()) {
				if (!EventTypes.ALL.contains(type)) {
					throw new IllegalStateException(
							key + ".events names an unknown event type '" + type + "'; known: " + EventTypes.ALL);
				}
			}
			String tenant = given.tenant();
			if (tenants.isEmpty()) {
				if (tenant != null && !tenant.equals(Scope.ANONYMOUS)) {
					throw new IllegalStateException(key + ".tenant is '" + tenant
							+ "', but without execd.security.tokens every caller is the tenant '" + Scope.ANONYMOUS
							+ "': leave it out");
				}
				tenant = Scope.ANONYMOUS;
			}
			else if (tenant == null || !tenants.contains(tenant)) {
				throw new IllegalStateException(key + ".tenant must name the tenant of one of execd.security.tokens "
						+ "(" + String.join(", ", tenants) + ")"
						+ ((tenant != null) ? "; '" + tenant + "' is none" : ""));
			}
			subscriptions
				.add(new Subscription(name, tenant, url, new LinkedHashSet<>(given.events()), given.secret(), null));
		});
		return subscriptions;
	}

	private static URI url(String key, String url) {
		try {
			URI uri = (url != null) ? new URI(url.strip()) : null;
			String scheme = (uri != null && uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
			if (uri != null && (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
				return uri;
			}
		}
		catch (URISyntaxException ex) {
			// Refused below.
		}
		throw new IllegalStateException(key + ".url must be an absolute http or https URL");
	}

}
