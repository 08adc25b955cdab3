package dev.execd.api.mcp;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.execd.api.ScopeResolver;
import dev.execd.session.Scope;
import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;

/**
 * The tenant that initialized each MCP session. The SDK's transport knows sessions by id
 * alone, so without this another tenant holding the id could end the session or take its
 * SSE stream. A request that names a session its tenant did not initialize reaches the
 * transport with an id no session has, so it is answered exactly as an unknown id is and
 * learns nothing about the session.
 * <p>
 * An owner is recorded when the transport sets the {@code Mcp-Session-Id} header of its
 * initialize answer, before the client can know the id, and dropped when the session is
 * deleted or the transport no longer knows it. Sessions the transport drops on its own (a
 * failed send, or its sweeper's eviction of an idle one) keep theirs until their tenant
 * next names them, or the server stops: one pair of short strings per such session. The
 * transport tells nobody of an eviction, and a session with an open stream is never
 * evicted however long nobody names it, so no age alone would tell a stale owner from a
 * live one.
 */
final class McpSessionOwners {

	/** Never an id the transport hands out: those are UUIDs. */
	private static final String NO_SESSION = "none";

	private final Map<String, String> owners = new ConcurrentHashMap<>();

	/** The tenant a request acts for, the anonymous one without tokens. */
	static String tenant(HttpServletRequest request) {
		String tenant = ScopeResolver.tenant(request.getUserPrincipal());
		return (tenant != null) ? tenant : Scope.ANONYMOUS;
	}

	/**
	 * The request to hand to the transport: itself, unless it names an MCP session that
	 * another tenant initialized (or none did).
	 */
	HttpServletRequest admit(HttpServletRequest request) {
		String id = request.getHeader(HttpHeaders.MCP_SESSION_ID);
		if (id == null || id.isBlank() || tenant(request).equals(this.owners.get(id))) {
			return request;
		}
		return new Unknown(request);
	}

	/** The response to hand to the transport: records the owner of a new session. */
	HttpServletResponse recording(HttpServletResponse response, String tenant) {
		return new Recording(response, tenant);
	}

	/**
	 * After the transport answered: forgets a session that its owner deleted or that the
	 * transport no longer knows.
	 */
	void answered(HttpServletRequest request, int status) {
		String id = request.getHeader(HttpHeaders.MCP_SESSION_ID);
		boolean gone = status == HttpServletResponse.SC_NOT_FOUND
				|| ("DELETE".equals(request.getMethod()) && status == HttpServletResponse.SC_OK);
		if (id != null && gone) {
			this.owners.remove(id, tenant(request));
		}
	}

	void clear() {
		this.owners.clear();
	}

	/** The request with an {@code Mcp-Session-Id} no session has. */
	private static final class Unknown extends HttpServletRequestWrapper {

		Unknown(HttpServletRequest request) {
			super(request);
		}

		@Override
		public @Nullable String getHeader(String name) {
			return HttpHeaders.MCP_SESSION_ID.equalsIgnoreCase(name) ? NO_SESSION : super.getHeader(name);
		}

		@Override
		public Enumeration<String> getHeaders(String name) {
			return HttpHeaders.MCP_SESSION_ID.equalsIgnoreCase(name) ? Collections.enumeration(List.of(NO_SESSION))
					: super.getHeaders(name);
		}

	}

	private final class Recording extends HttpServletResponseWrapper {

		private final String tenant;

		Recording(HttpServletResponse response, String tenant) {
			super(response);
			this.tenant = tenant;
		}

		@Override
		public void setHeader(String name, @Nullable String value) {
			record(name, value);
			super.setHeader(name, value);
		}

		@Override
		public void addHeader(String name, @Nullable String value) {
			record(name, value);
			super.addHeader(name, value);
		}

		private void record(String name, @Nullable String value) {
			if (value != null && HttpHeaders.MCP_SESSION_ID.equalsIgnoreCase(name)) {
				McpSessionOwners.this.owners.put(value, this.tenant);
			}
		}

	}

}
