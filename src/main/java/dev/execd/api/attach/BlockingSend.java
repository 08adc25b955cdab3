package dev.execd.api.attach;

import java.io.IOException;

import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * A blocking send of the attach pump. The client may leave at any moment, and the
 * container then refuses the send with an {@link IllegalStateException} (the session, or
 * its output, closed under it): that is a connection gone, as a send that fails is, not a
 * failure of the server.
 */
final class BlockingSend {

	private BlockingSend() {
	}

	static void send(WebSocketSession socket, WebSocketMessage<?> message) throws IOException {
		try {
			socket.sendMessage(message);
		}
		catch (IllegalStateException ex) {
			throw new IOException("the connection closed under a send", ex);
		}
	}

}
