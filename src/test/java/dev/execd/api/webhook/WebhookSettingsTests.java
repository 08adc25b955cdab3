package dev.execd.api.webhook;

import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import dev.execd.config.UrlPattern;
import dev.execd.config.WebhookSubscriptions;
import org.junit.jupiter.api.Test;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The settings: named subscriptions beside the reserved keys, from properties and
 * environment variables; tenants checked at startup; the allowed-URL patterns.
 */
class WebhookSettingsTests {

	@Test
	void subscriptionsAreTheKeysThatAreNotSettings() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("test",
					Map.of("execd.webhooks.ci.url", "https://ci.example.com/hook", "execd.webhooks.ci.events[0]",
							"session_exited", "execd.webhooks.allowed-urls[0]", "https://hooks.example.com/*",
							"execd.webhooks.retry.initial-delay", "1s", "execd.webhooks.read-timeout", "3s")));
		environment.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment",
					Map.of("EXECD_WEBHOOKS_OPS_URL", "https://ops.example.com/", "EXECD_WEBHOOKS_OPS_SECRET", "s",
							"EXECD_WEBHOOKS_QUEUE_CAPACITY", "5", "EXECD_WEBHOOKS_REQUEST_SECRET", "r")));
		Map<String, WebhookSubscriptions.Subscription> bound = WebhookSubscriptions.bind(environment);
		assertThat(bound).containsOnlyKeys("ci", "ops");
		assertThat(bound.get("ci").events()).containsExactly("session_exited");
		assertThat(bound.get("ops").secret()).isEqualTo("s");
		assertThat(bound.get("ops").toString()).doesNotContain("=s,").doesNotContain("secret");
	}

	@Test
	void subscriptionsBelongToATenantThatExists() {
		var security = new ExecdProperties.Security(List.of("alice:t1", "bob:t2"), false, List.of());
		var anonymous = new ExecdProperties.Security(List.of(), false, List.of());
		var ok = new WebhookSubscriptions.Subscription("https://x.example/", List.of(), "s", "alice");
		assertThat(ConfiguredSubscriptions.of(Map.of("a", ok), security)).singleElement()
			.satisfies((s) -> assertThat(s.tenant()).isEqualTo("alice"));
		assertThatThrownBy(() -> ConfiguredSubscriptions.of(
				Map.of("a", new WebhookSubscriptions.Subscription("https://x.example/", List.of(), "s", "carol")),
				security))
			.hasMessageContaining("execd.webhooks.a.tenant")
			.hasMessageContaining("carol");
		assertThatThrownBy(() -> ConfiguredSubscriptions.of(
				Map.of("a", new WebhookSubscriptions.Subscription("https://x.example/", List.of(), null, null)),
				security))
			.hasMessageContaining("execd.webhooks.a.tenant");
		assertThat(ConfiguredSubscriptions.of(
				Map.of("a", new WebhookSubscriptions.Subscription("https://x.example/", List.of(), null, null)),
				anonymous))
			.singleElement()
			.satisfies((s) -> assertThat(s.tenant()).isEqualTo("anonymous"));
		assertThatThrownBy(() -> ConfiguredSubscriptions.of(Map.of("a", ok), anonymous))
			.hasMessageContaining("anonymous");
		assertThatThrownBy(() -> ConfiguredSubscriptions
			.of(Map.of("a", new WebhookSubscriptions.Subscription(null, List.of(), null, null)), anonymous))
			.hasMessageContaining("execd.webhooks.a.url");
		assertThatThrownBy(() -> ConfiguredSubscriptions.of(
				Map.of("a", new WebhookSubscriptions.Subscription("https://x.example/", List.of("nope"), "s", null)),
				anonymous))
			.hasMessageContaining("nope");
	}

	@Test
	void patternsKeepWildcardsOutOfTheHost() {
		UrlPattern pattern = UrlPattern.parse("https://hooks.example.com/execd/*");
		assertThat(pattern.matches(URI.create("https://hooks.example.com/execd/a?x=1"))).isTrue();
		assertThat(pattern.matches(URI.create("https://HOOKS.example.com:443/execd/a"))).isTrue();
		assertThat(pattern.matches(URI.create("https://hooks.example.com.evil.net/execd/a"))).isFalse();
		assertThat(pattern.matches(URI.create("https://hooks.example.com:8443/execd/a"))).isFalse();
		assertThat(pattern.matches(URI.create("http://hooks.example.com/execd/a"))).isFalse();
		assertThat(pattern.matches(URI.create("https://hooks.example.com/execd/../admin"))).isFalse();
		assertThat(pattern.matches(URI.create("https://hooks.example.com/other"))).isFalse();
		for (String ambiguous : List.of("%2e%2e/admin", "%2E%2E/admin", "..;/admin", "%2f..%2fadmin", ".%2e/admin",
				"%5c..%5cadmin", "a;x=1", "%2e/admin")) {
			URI url = URI.create("https://hooks.example.com/execd/" + ambiguous);
			assertThat(UrlPattern.ambiguousPath(url)).as(ambiguous).isTrue();
			assertThat(pattern.matches(url)).as(ambiguous).isFalse();
		}
		assertThat(UrlPattern.ambiguousPath(URI.create("https://hooks.example.com/../execd/a"))).isTrue();
		assertThat(UrlPattern.ambiguousPath(URI.create("https://hooks.example.com/execd/a.b/..c?x=%2e"))).isFalse();
		assertThat(UrlPattern.parse("http://127.0.0.1:8000").matches(URI.create("http://127.0.0.1:8000/"))).isTrue();
		for (String bad : List.of("https://*.example.com/", "ftp://x/", "hooks.example.com/*", "https://u@x/")) {
			assertThatThrownBy(() -> UrlPattern.parse(bad)).hasMessageContaining("allowed-urls");
		}
	}

}
