package dev.execd.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.execd.config.ExecdProperties;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * {@code notify} of {@code POST /sessions}: a webhook for this session's events only.
 */
@Schema(description = """
		A webhook for this session's events only, from `session_started` to \
		`session_removed`, posted as described in README "Webhooks". Allowed only for URLs \
		matching `execd.webhooks.allowed-urls` (none by default): any other URL → 400 \
		`webhook_not_allowed`, so execd never posts where its operator did not allow. A \
		tenant holds at most `execd.webhooks.max-per-tenant` (100) of them, from the start \
		until the session is removed and its last delivery is done; past it 429 \
		`too_many_webhooks` and nothing starts. With `execd.webhooks.request-secret` set, \
		deliveries are signed with the tenant's key derived from it (README "Webhooks").""")
public record NotifyRequest(
		@Schema(description = "Absolute http or https URL, at most 2048 characters.", maxLength = 2048,
				requiredMode = Schema.RequiredMode.REQUIRED,
				example = "https://hooks.example.com/execd") @Nullable String url,
		@ArraySchema(arraySchema = @Schema(description = "The event types to post; absent or empty: all."),
				maxItems = 32, schema = @Schema(example = "session_exited")) @Nullable List<String> events) {

	static final int MAX_URL = 2048;

	/**
	 * A checked notify.
	 *
	 * @param url the URL, normalized
	 * @param events the types to post; empty for all
	 */
	public record Checked(URI url, Set<String> events) {

	}

	/**
	 * Checks the URL and the types, then the allowed patterns.
	 * @throws ApiException {@code invalid_request} for a malformed URL or an unknown
	 * type, {@code webhook_not_allowed} for a URL no pattern allows
	 */
	Checked checked(ExecdProperties.Webhooks webhooks) {
		if (this.url == null || this.url.isBlank() || Inputs.characters(this.url) > MAX_URL) {
			throw ApiException.invalid("notify.url must be an absolute http or https URL of at most 2048 characters");
		}
		URI uri;
		try {
			uri = new URI(this.url).normalize();
		}
		catch (URISyntaxException ex) {
			throw ApiException.invalid("notify.url is not a valid URL");
		}
		String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getRawUserInfo() != null
				|| uri.getRawFragment() != null) {
			throw ApiException.invalid("notify.url must be an absolute http or https URL with a host, "
					+ "without user information or fragment");
		}
		Set<String> types = new LinkedHashSet<>();
		if (this.events != null) {
			if (this.events.size() > 32) {
				throw ApiException.invalid("notify.events has more than 32 entries");
			}
			for (String type : this.events) {
				if (type == null || !EventTypes.ALL.contains(type)) {
					throw ApiException.invalid("notify.events: unknown event type; known: " + EventTypes.ALL);
				}
				types.add(type);
			}
		}
		if (webhooks.allowedPatterns().stream().noneMatch((pattern) -> pattern.matches(uri))) {
			throw ApiException.webhookNotAllowed();
		}
		return new Checked(uri, Set.copyOf(types));
	}

}
