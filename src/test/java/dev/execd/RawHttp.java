package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A bare HTTP/1.1 request over a socket, for headers the JDK client will not send (such
 * as a forged {@code Host}).
 */
public final class RawHttp {

	private RawHttp() {
	}

	/** Sends the request and returns the status line and headers and body as text. */
	public static String send(int port, String method, String path, String... headerLines) {
		return sendBody(port, method, path, null, headerLines);
	}

	/**
	 * Sends the request with a body (and its length) and returns the response as text.
	 */
	public static String sendBody(int port, String method, String path, String body, String... headerLines) {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			byte[] content = (body != null) ? body.getBytes(StandardCharsets.UTF_8) : new byte[0];
			StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
			for (String line : headerLines) {
				request.append(line).append("\r\n");
			}
			if (body != null) {
				request.append("Content-Length: ").append(content.length).append("\r\n");
			}
			request.append("Connection: close\r\n\r\n");
			socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().write(content);
			socket.setSoTimeout(10_000);
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public static int status(String response) {
		return Integer.parseInt(response.substring(9, 12));
	}

}
