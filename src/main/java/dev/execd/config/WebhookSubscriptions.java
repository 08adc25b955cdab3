package dev.execd.config;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

/**
 * The webhook subscriptions, {@code execd.webhooks.<name>.*}. They sit beside the
 * settings of {@link ExecdProperties.Webhooks} under the same prefix, as the contract
 * names them, which a single bound record cannot express (a map would take the settings
 * for subscriptions): so the names are the keys under the prefix that are not
 * {@link ExecdProperties.Webhooks#RESERVED}, and each is bound on its own, with the usual
 * relaxed binding ({@code EXECD_WEBHOOKS_CI_URL} is {@code execd.webhooks.ci.url}).
 */
public final class WebhookSubscriptions {

	private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("execd.webhooks");

	private WebhookSubscriptions() {
	}

	/**
	 * One configured subscription, as written.
	 *
	 * @param url where events are posted
	 * @param events the event types it receives; empty for all
	 * @param secret the HMAC key of {@code X-Execd-Signature}; unsigned when blank
	 * @param tenant whose events it receives; blank for the anonymous tenant of a server
	 * without tokens
	 */
	public record Subscription(String url, List<String> events, String secret, String tenant) {

		public Subscription {
			events = (events != null) ? List.copyOf(events) : List.of();
			secret = (secret != null && !secret.isBlank()) ? secret : null;
			tenant = (tenant != null && !tenant.isBlank()) ? tenant.strip() : null;
		}

		/** Never shows the secret. */
		@Override
		public String toString() {
			return "Subscription[url=" + this.url + ", events=" + this.events + ", tenant=" + this.tenant + "]";
		}

	}

	/** Every configured subscription by its name, in name order. */
	public static Map<String, Subscription> bind(Environment environment) {
		return bind(environment, BindHandler.DEFAULT);
	}

	/** Every configured subscription, told to {@code handler} as it is bound. */
	static Map<String, Subscription> bind(Environment environment, BindHandler handler) {
		TreeSet<String> names = new TreeSet<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				iterable.filter(PREFIX::isAncestorOf).forEach((name) -> {
					if (name.getNumberOfElements() > 3 && !reserved(name)) {
						names.add(name.getElement(2, ConfigurationPropertyName.Form.DASHED));
					}
				});
			}
		}
		Binder binder = Binder.get(environment);
		Map<String, Subscription> subscriptions = new TreeMap<>();
		for (String name : names) {
			binder.bind(PREFIX.append(name), Bindable.of(Subscription.class), handler)
				.ifBound((subscription) -> subscriptions.put(name, subscription));
		}
		return subscriptions;
	}

	/**
	 * Whether a name is one of the settings: an environment variable's underscores come
	 * as dots, so {@code EXECD_WEBHOOKS_READ_TIMEOUT} arrives as
	 * {@code execd.webhooks.read.timeout}, and the elements are joined back to compare.
	 */
	private static boolean reserved(ConfigurationPropertyName name) {
		StringBuilder key = new StringBuilder();
		for (int i = 2; i < name.getNumberOfElements(); i++) {
			key.append((i > 2) ? "-" : "").append(name.getElement(i, ConfigurationPropertyName.Form.DASHED));
			if (ExecdProperties.Webhooks.RESERVED.contains(key.toString())) {
				return true;
			}
		}
		return false;
	}

}
