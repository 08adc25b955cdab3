package dev.execd.api.server;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.execd.api.BareProblem;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's last word on an error no error page handled (a path that does not normalize, a
 * request refused before it reached the application): problem+json with a {@code code}
 * instead of Tomcat's HTML page. Installed as the host's error report valve.
 */
public class ProblemReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean();
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		if (status == Response.SC_NOT_IMPLEMENTED && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
			// Tomcat refuses a transfer coding it cannot decode (any but chunked) with
			// 501 before any routing, as RFC 9112 6.1 asks: not a server error, so a
			// code of its own rather than internal_error.
			write(response, BareProblem.body(HttpStatus.NOT_IMPLEMENTED, "unsupported_transfer_coding",
					"the only transfer coding understood is chunked"));
			return;
		}
		if (status == Response.SC_NOT_IMPLEMENTED && "CONNECT".equals(request.getMethod())) {
			// Tomcat refuses CONNECT with 501 before any routing; to a client it is a
			// method that no route allows, as TRACE is, which Tomcat refuses with 405.
			// Unrouted, the methods allowed are those of the API as a whole.
			status = Response.SC_METHOD_NOT_ALLOWED;
			response.setStatus(status);
			response.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
		}
		write(response, BareProblem.body(status));
	}

	private static void write(Response response, byte[] body) {
		try {
			response.setContentType(BareProblem.MEDIA_TYPE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(new String(body, StandardCharsets.UTF_8));
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client is gone or the response was committed: nothing more to say.
		}
	}

}
