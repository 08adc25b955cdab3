package dev.execd.api.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

import dev.execd.api.BareProblem;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * The MCP transport's own refusals as problem details: the SDK writes a refusal (400 for
 * a missing {@code Mcp-Session-Id}, 404 for an unknown session...) as its exception
 * serialized whole, stack trace included. Once it sets an error status, what it writes is
 * dropped and {@link #finish()} writes a problem with the status's {@code code}.
 */
final class McpProblemResponse extends HttpServletResponseWrapper {

	private int errorStatus;

	McpProblemResponse(HttpServletResponse response) {
		super(response);
	}

	@Override
	public void setStatus(int status) {
		super.setStatus(status);
		if (status >= 400) {
			this.errorStatus = status;
		}
	}

	@Override
	public ServletOutputStream getOutputStream() throws IOException {
		return (this.errorStatus > 0) ? new Discarding() : super.getOutputStream();
	}

	@Override
	public PrintWriter getWriter() throws IOException {
		return (this.errorStatus > 0) ? new PrintWriter(OutputStream.nullOutputStream()) : super.getWriter();
	}

	/** Writes the problem of an error status the transport set, unless already sent. */
	void finish() throws IOException {
		HttpServletResponse response = (HttpServletResponse) getResponse();
		if (this.errorStatus == 0 || response.isCommitted()) {
			return;
		}
		response.resetBuffer();
		write(response, this.errorStatus);
	}

	/** Answers with the problem the transport's refusal with this status gets. */
	static void write(HttpServletResponse response, int status) throws IOException {
		byte[] body = BareProblem.body(status, detail(status));
		response.setStatus(status);
		response.setContentType(BareProblem.MEDIA_TYPE);
		response.setCharacterEncoding("UTF-8");
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

	private static String detail(int status) {
		return switch (status) {
			case 400 -> "the MCP request is malformed: a missing Mcp-Session-Id header, "
					+ "an Accept header without application/json and text/event-stream, or a body that is not JSON-RPC";
			case 404 -> "no such MCP session: initialize a new one";
			case 405 -> "the method is not allowed on this resource";
			default -> "the MCP transport refused the request";
		};
	}

	private static final class Discarding extends ServletOutputStream {

		@Override
		public void write(int b) {
		}

		@Override
		public void write(byte[] b, int off, int len) {
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			throw new UnsupportedOperationException("blocking only");
		}

	}

}
