package dev.execd.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One of {@code execd.webhooks.allowed-urls}: {@code scheme://host[:port]/path}, where
 * the scheme, the host and the port must equal the URL's exactly (case aside, a missing
 * port being the scheme's default) and {@code *} in the path matches any run of
 * characters, {@code /} and the query included. A wildcard can never reach the host, so
 * {@code https://hooks.example.com/*} does not allow
 * {@code https://hooks.example.com.evil/}.
 */
public final class UrlPattern {

	private final String text;

	private final String scheme;

	private final String host;

	private final int port;

	private final Pattern path;

	private UrlPattern(String text, String scheme, String host, int port, Pattern path) {
		this.text = text;
		this.scheme = scheme;
		this.host = host;
		this.port = port;
		this.path = path;
	}

	/**
	 * Parses a pattern.
	 * @throws IllegalArgumentException when it is not an http or https URL with a host,
	 * or has a {@code *} outside its path
	 */
	public static UrlPattern parse(String text) {
		int slashes = text.indexOf("://");
		int pathStart = (slashes < 0) ? -1 : text.indexOf('/', slashes + 3);
		String origin = (pathStart < 0) ? text : text.substring(0, pathStart);
		String path = (pathStart < 0) ? "/" : text.substring(pathStart);
		try {
			URI uri = new URI(origin);
			String scheme = lower(uri.getScheme());
			if (!("http".equals(scheme) || "https".equals(scheme)) || uri.getHost() == null
					|| uri.getRawUserInfo() != null || origin.contains("*")) {
				throw new IllegalArgumentException();
			}
			StringBuilder regex = new StringBuilder();
			for (String part : path.split("\\*", -1)) {
				if (!regex.isEmpty()) {
					regex.append(".*");
				}
				regex.append(Pattern.quote(part));
			}
			return new UrlPattern(text, scheme, lower(uri.getHost()), port(scheme, uri.getPort()),
					Pattern.compile(regex.toString()));
		}
		catch (URISyntaxException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("execd.webhooks.allowed-urls entry '" + text
					+ "' must be http(s)://host[:port]/path with '*' only in the path");
		}
	}

	/**
	 * Whether a URL's path could mean another path to a receiver than to this check: a
	 * {@code .} or {@code ..} segment left after normalizing, a {@code ;}, a backslash,
	 * or an encoded {@code .}, {@code /} or {@code \}.
	 */
	public static boolean ambiguousPath(URI url) {
		String path = url.normalize().getRawPath();
		if (path == null) {
			return false;
		}
		String lower = path.toLowerCase(Locale.ROOT);
		if (lower.contains("%2e") || lower.contains("%2f") || lower.contains("%5c") || lower.contains(";")
				|| lower.contains("\\")) {
			return true;
		}
		for (String segment : path.split("/", -1)) {
			if (segment.equals(".") || segment.equals("..")) {
				return true;
			}
		}
		return false;
	}

	/** Whether a URL, normalized, is one this pattern allows; never an ambiguous one. */
	public boolean matches(URI url) {
		URI normal = url.normalize();
		if (normal.getHost() == null || normal.getScheme() == null || ambiguousPath(normal)) {
			return false;
		}
		String scheme = lower(normal.getScheme());
		String path = (normal.getRawPath() == null || normal.getRawPath().isEmpty()) ? "/" : normal.getRawPath();
		if (normal.getRawQuery() != null) {
			path += "?" + normal.getRawQuery();
		}
		return this.scheme.equals(scheme) && this.host.equals(lower(normal.getHost()))
				&& this.port == port(scheme, normal.getPort()) && this.path.matcher(path).matches();
	}

	private static int port(String scheme, int port) {
		return (port >= 0) ? port : ("https".equals(scheme) ? 443 : 80);
	}

	private static String lower(String text) {
		return (text != null) ? text.toLowerCase(Locale.ROOT) : "";
	}

	@Override
	public String toString() {
		return this.text;
	}

}
