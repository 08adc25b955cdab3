package dev.execd.api.server;

import java.io.IOException;

import jakarta.servlet.ServletConnection;
import org.apache.coyote.Adapter;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's HTTP/1.1 processor, whose connection a request may widen for a large upload
 * ({@link UploadReads}): its socket buffers grow to {@link UploadReads#WIDE}, and the
 * connection ends with the answer.
 */
final class UploadReadsProcessor extends Http11Processor {

	private boolean widened;

	UploadReadsProcessor(AbstractHttp11Protocol<?> protocol, Adapter adapter) {
		super(protocol, adapter);
	}

	@Override
	protected ServletConnection getServletConnection() {
		return new Connection(super.getServletConnection());
	}

	@Override
	public SocketState service(SocketWrapperBase<?> socket) throws IOException {
		this.widened = false;
		SocketState state = super.service(socket);
		// The answer says "Connection: close", unless an error page reset its headers:
		// a widened connection is not kept for another request either way.
		return (this.widened && state == SocketState.OPEN) ? SocketState.CLOSED : state;
	}

	private void widen() {
		SocketWrapperBase<?> socket = getSocketWrapper();
		if (this.widened || socket == null) {
			return;
		}
		// Tomcat reads straight into the request's buffer at most the socket buffer's
		// capacity at a time, and through it when the request's buffer is smaller: a
		// wider socket buffer makes every read of the rest of the body wider.
		socket.getSocketBufferHandler().expand(UploadReads.WIDE);
		this.response.setHeader("Connection", "close");
		this.widened = true;
	}

	private final class Connection implements ServletConnection, UploadReads.Widenable {

		private final ServletConnection connection;

		Connection(ServletConnection connection) {
			this.connection = connection;
		}

		@Override
		public void widen() {
			UploadReadsProcessor.this.widen();
		}

		@Override
		public String getConnectionId() {
			return this.connection.getConnectionId();
		}

		@Override
		public String getProtocol() {
			return this.connection.getProtocol();
		}

		@Override
		public String getProtocolConnectionId() {
			return this.connection.getProtocolConnectionId();
		}

		@Override
		public boolean isSecure() {
			return this.connection.isSecure();
		}

	}

}
