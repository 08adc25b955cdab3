package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every refusal is problem+json with a {@code code}, including those the servlet
 * container and the MCP transport make themselves.
 */
class ErrorBodyTests extends EndToEndTest {

	@Test
	void traceIsAProblem() {
		assertProblem(RawHttp.send(this.port, "TRACE", "/sessions", "Host: localhost"), 405, "method_not_allowed");
	}

	@Test
	void connectIsAProblem() {
		// Tomcat refuses CONNECT itself, with a 501 that is no server error.
		String answer = RawHttp.send(this.port, "CONNECT", "/sessions", "Host: localhost");
		assertProblem(answer, 405, "method_not_allowed");
		assertThat(answer).contains("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n");
		assertProblem(RawHttp.send(this.port, "CONNECT", "localhost:80", "Host: localhost"), 405, "method_not_allowed");
	}

	@Test
	void anUnknownMethodIsAProblem() {
		for (String target : new String[] { "/sessions", "/sessions/nosuchsession000000000", "/files", "/mcp",
				"/console/", "/actuator/health" }) {
			String answer = RawHttp.send(this.port, "FOO", target, "Host: localhost");
			assertProblem(answer, 405, "method_not_allowed");
			assertThat(answer).as(answer).containsPattern("\r\nAllow: [A-Z]");
		}
		// The MCP servlet's own answers: 501 for a method it does not know, and a 405
		// without Allow for PUT.
		for (String method : new String[] { "FOO", "PROPFIND", "PUT", "PATCH" }) {
			String answer = RawHttp.send(this.port, method, "/mcp", "Host: localhost");
			assertProblem(answer, 405, "method_not_allowed");
			assertThat(answer).contains("Allow: GET, HEAD, POST, DELETE, OPTIONS\r\n");
		}
		assertProblem(RawHttp.send(this.port, "FOO", "/x", "Host: localhost"), 404, "not_found");
	}

	@Test
	void optionsOfTheMcpEndpointNamesTheMethodsItServes() {
		// The same Allow as its 405s: TRACE is refused everywhere, so it is not named.
		String answer = RawHttp.send(this.port, "OPTIONS", "/mcp", "Host: localhost");
		assertThat(RawHttp.status(answer)).as(answer).isEqualTo(200);
		assertThat(answer).as(answer).contains("\r\nAllow: GET, HEAD, POST, DELETE, OPTIONS\r\n");
		assertProblem(RawHttp.send(this.port, "TRACE", "/mcp", "Host: localhost"), 405, "method_not_allowed");
	}

	@Test
	void anUnknownTransferCodingIsAProblem() {
		// Tomcat refuses a coding it cannot decode with 501 before any routing (RFC 9112
		// 6.1), and closes the connection: the body that follows cannot be framed.
		for (String coding : new String[] { "gzip, chunked", "foo" }) {
			String answer = raw("POST /sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
					+ "Transfer-Encoding: " + coding + "\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
			assertProblem(answer, 501, "unsupported_transfer_coding");
			assertThat(answer).contains("Connection: close\r\n");
		}
		// Chunked but not last: the body's length cannot be known (RFC 9112 6.3).
		assertProblem(raw("POST /sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
				+ "Transfer-Encoding: chunked, gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n"), 400, "invalid_request");
	}

	@Test
	void aPathThatIsNotNormalIsAProblem() {
		// Refused by the firewall before Tomcat could route it as /x.
		assertProblem(RawHttp.send(this.port, "GET", "/sessions/../x", "Host: localhost"), 400, "invalid_request");
		assertProblem(RawHttp.send(this.port, "GET", "/x", "Host: localhost"), 404, "not_found");
		assertProblem(RawHttp.send(this.port, "GET", "/../x", "Host: localhost"), 400, "invalid_request");
	}

	@Test
	void deleteOfTheMcpEndpointIsAProblem() {
		assertProblem(RawHttp.send(this.port, "DELETE", "/mcp", "Host: localhost", "Mcp-Session-Id: no-such-session"),
				404, "not_found");
		assertProblem(RawHttp.send(this.port, "DELETE", "/mcp", "Host: localhost"), 400, "invalid_request");
		assertProblem(raw("POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
				+ "Accept: application/json, text/event-stream\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"),
				400, "invalid_request");
	}

	@Test
	void anUnknownRouteIsAProblem() {
		assertProblem(RawHttp.send(this.port, "GET", "/no/such/route", "Host: localhost", "Accept: text/html"), 404,
				"not_found");
	}

	@Test
	void aMalformedFormBodyIsRefusedNotParsed() {
		// A form body on PATCH or DELETE used to be parsed before routing, and a bad
		// escape in it was a 500. execd takes JSON only.
		String form = "Content-Type: application/x-www-form-urlencoded";
		assertProblem(RawHttp.sendBody(this.port, "PATCH", "/sessions/nosuchsession000000000", "a=%s",
				"Host: localhost", form), 415, "unsupported_media_type");
		assertProblem(RawHttp.sendBody(this.port, "DELETE", "/sessions/nosuchsession000000000", "a=%s",
				"Host: localhost", form), 404, "session_not_found");
	}

	@Test
	void aMalformedChunkedBodyIsAProblem() {
		String response = raw("POST /sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
				+ "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
		assertProblem(response, 400, "invalid_request");
	}

	private void assertProblem(String response, int status, String code) {
		assertThat(RawHttp.status(response)).as(response).isEqualTo(status);
		assertThat(response.toLowerCase()).as(response).contains("content-type: application/problem+json");
		assertThat(response).as(response).contains("\"code\":\"" + code + "\"");
		assertThat(response).doesNotContain("Exception").doesNotContain("at org.");
	}

	private String raw(String request) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
			socket.setSoTimeout(10_000);
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
