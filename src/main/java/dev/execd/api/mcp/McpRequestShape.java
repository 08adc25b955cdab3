package dev.execd.api.mcp;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import dev.execd.api.BareProblem;
import dev.execd.api.Refusals;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks the shape of a JSON-RPC request's {@code params} before the MCP transport sees
 * it: the SDK deserializes {@code tools/call} params that are not an object with a string
 * {@code name} and an object {@code arguments} into a failure of its own, then answers
 * 500 after writing part of a response. Such a request is answered here with JSON-RPC's
 * invalid-params error, and such a notification (no {@code id}) with 202 and nothing, as
 * JSON-RPC has no answer to a notification. A body that gives a key twice is 400
 * {@code invalid_request}, as the REST API answers it. A body that is not a JSON-RPC
 * message gets the 400 the transport would answer, here, since the transport logs each
 * one as an error. Everything else goes on to the transport.
 */
final class McpRequestShape {

	private static final Logger logger = LoggerFactory.getLogger(McpRequestShape.class);

	/** JSON-RPC's invalid params. */
	static final int INVALID_PARAMS = -32602;

	/** Refuses a key given twice, which the transport's parser would let the last win. */
	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.build();

	private McpRequestShape() {
	}

	/**
	 * Reads a POST's body (at most {@code maxBody} bytes; a longer one goes on whole to
	 * the transport, which refuses it) and answers a malformed request.
	 * @return the request to hand on, with its body to read again, or null when answered
	 */
	static @Nullable HttpServletRequest check(HttpServletRequest request, HttpServletResponse response, int maxBody)
			throws IOException {
		if (!"POST".equals(request.getMethod()) || request.getContentLengthLong() > maxBody) {
			return request;
		}
		byte[] body = request.getInputStream().readNBytes(maxBody + 1);
		if (body.length > maxBody) {
			return new Replayed(request,
					new SequenceInputStream(new ByteArrayInputStream(body), request.getInputStream()));
		}
		JsonNode message;
		try {
			message = JSON.readTree(body);
		}
		catch (StreamReadException ex) {
			if (Refusals.duplicateKey(ex) == null) {
				message = null;
			}
			else {
				byte[] problem = BareProblem.body(HttpServletResponse.SC_BAD_REQUEST, "the body gives a key twice");
				response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
				response.setContentType(BareProblem.MEDIA_TYPE);
				response.setCharacterEncoding("UTF-8");
				response.setContentLength(problem.length);
				response.getOutputStream().write(problem);
				return null;
			}
		}
		catch (JacksonException ex) {
			message = null;
		}
		String problem = (message != null) ? problem(message) : null;
		if (problem == null) {
			return jsonRpc(request, body, response) ? new Replayed(request, new ByteArrayInputStream(body)) : null;
		}
		if (!message.has("id")) {
			// A notification: JSON-RPC answers none, not even an error, and Streamable
			// HTTP accepts a POST of notifications with 202 and no body.
			response.setStatus(HttpServletResponse.SC_ACCEPTED);
			response.setContentLength(0);
			return null;
		}
		ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
		answer.set("id", message.get("id"));
		answer.putObject("error").put("code", INVALID_PARAMS).put("message", "Invalid params: " + problem);
		byte[] bytes = JSON.writeValueAsBytes(answer);
		response.setStatus(HttpServletResponse.SC_OK);
		response.setContentType("application/json");
		response.setCharacterEncoding("UTF-8");
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
		return null;
	}

	/**
	 * Whether the transport can read the body as a JSON-RPC message; if not, it is
	 * answered here with the 400 the transport would send, without the transport's
	 * error-level log line for what is a client's mistake.
	 */
	private static boolean jsonRpc(HttpServletRequest request, byte[] body, HttpServletResponse response)
			throws IOException {
		String encoding = request.getCharacterEncoding();
		try {
			// The transport's own reading, so that both accept and refuse alike.
			McpSchema.deserializeJsonRpcMessage(McpJsonDefaults.getMapper(),
					new String(body, (encoding != null) ? Charset.forName(encoding) : StandardCharsets.UTF_8));
			return true;
		}
		catch (IllegalArgumentException | IOException ex) {
			logger.debug("MCP request refused, not a JSON-RPC message: {}", ex.getMessage());
			McpProblemResponse.write(response, HttpServletResponse.SC_BAD_REQUEST);
			return false;
		}
	}

	/** What is wrong with a request's params, or null when it can go on. */
	static @Nullable String problem(JsonNode message) {
		if (!message.isObject() || !message.path("method").isString()) {
			return null;
		}
		JsonNode params = message.get("params");
		if (params != null && !params.isNull() && !params.isObject()) {
			return "params must be an object";
		}
		if (!"tools/call".equals(message.get("method").asString())) {
			return null;
		}
		if (params == null || params.isNull()) {
			return "tools/call needs params with the tool's name";
		}
		if (!params.path("name").isString()) {
			return "name must be a string";
		}
		JsonNode arguments = params.get("arguments");
		if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
			return "arguments must be an object";
		}
		return null;
	}

	/** The request with its body read again from the bytes taken to check it. */
	private static final class Replayed extends HttpServletRequestWrapper {

		private final ServletInputStream body;

		Replayed(HttpServletRequest request, InputStream body) {
			super(request);
			this.body = new Body(body);
		}

		@Override
		public ServletInputStream getInputStream() {
			return this.body;
		}

		@Override
		public BufferedReader getReader() {
			String encoding = getCharacterEncoding();
			return new BufferedReader(new InputStreamReader(this.body,
					(encoding != null) ? Charset.forName(encoding) : StandardCharsets.UTF_8));
		}

	}

	private static final class Body extends ServletInputStream {

		private final InputStream in;

		private boolean finished;

		Body(InputStream in) {
			this.in = in;
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			this.finished = b < 0;
			return b;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			int n = this.in.read(buffer, offset, length);
			this.finished = n < 0;
			return n;
		}

		@Override
		public boolean isFinished() {
			return this.finished;
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setReadListener(ReadListener listener) {
			throw new UnsupportedOperationException("blocking only");
		}

	}

}
