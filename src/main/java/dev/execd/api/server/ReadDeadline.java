package dev.execd.api.server;

import java.lang.reflect.Method;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.apache.catalina.connector.Connector;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.NioEndpoint.NioSocketWrapper;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.SmartLifecycle;

/**
 * A total deadline for reading a request. Tomcat's timeouts are per read: a client that
 * trickles a header line, a blank line or a body byte every few seconds keeps its
 * connection forever, and a few thousand such clients take every connection slot. Tomcat
 * has no overall deadline, so a sweep checks every connection once a second and closes
 * one that has been reading for longer than {@link #DEADLINE}:
 * <ul>
 * <li>waiting for the next request of a keep-alive connection is not reading (Tomcat's
 * keep-alive timeout bounds it; it is told apart by its read timeout);</li>
 * <li>a connection that is neither waiting nor serving is reading a head (or swallowing
 * an unread body): it is counted from when the sweep first saw it so;</li>
 * <li>an upgraded connection (a WebSocket of the attach channel) reads frames, not
 * requests, and is never cut;</li>
 * <li>a serving connection is cut only while its body still arrives past the deadline, so
 * a long poll or an SSE stream, which read nothing more, are never cut; a file upload
 * ({@link Exchanges#UPLOADS}) only once it averages less than
 * {@link Exchanges#MIN_UPLOAD_RATE}.</li>
 * </ul>
 * At shutdown, once sessions and streams have ended, connections still reading a request
 * are closed at once: Boot's graceful shutdown would wait for an upload in flight.
 */
final class ReadDeadline implements TomcatConnectorCustomizer, SmartLifecycle, AutoCloseable {

	private static final Log logger = LogFactory.getLog(ReadDeadline.class);

	/** Loopback clients send a whole head and a 1 MB body in milliseconds. */
	static final Duration DEADLINE = Duration.ofSeconds(10);

	private static final Duration SWEEP = Duration.ofSeconds(1);

	// Ended exchanges are read by the next sweep; this keeps them well past it.
	private static final Duration FORGET_AFTER = Duration.ofSeconds(30);

	private final Exchanges exchanges;

	private final ScheduledExecutorService sweeper = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("execd-read-deadline").daemon().factory());

	// An upload that read nothing for this long is left to the graceful shutdown.
	private static final Duration RECENT = Duration.ofSeconds(1);

	private volatile @Nullable AbstractEndpoint<?, ?> endpoint;

	// Its keep-alive timeout is read at each sweep: Boot sets it after this customizer
	// ran.
	private volatile @Nullable AbstractProtocol<?> protocol;

	private volatile boolean running;

	// Only the sweeper thread touches it.
	private final Map<SocketWrapperBase<?>, Watch> watches = new IdentityHashMap<>();

	ReadDeadline(Exchanges exchanges) {
		this.exchanges = exchanges;
	}

	@Override
	public void customize(Connector connector) {
		if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
			this.endpoint = endpointOf(protocol);
			this.protocol = protocol;
			this.sweeper.scheduleWithFixedDelay(this::sweep, SWEEP.toMillis(), SWEEP.toMillis(), TimeUnit.MILLISECONDS);
		}
	}

	@Override
	public void start() {
		this.running = true;
	}

	/**
	 * Closes the connections still reading a request; runs before the graceful shutdown.
	 */
	@Override
	public void stop() {
		this.running = false;
		AbstractEndpoint<?, ?> endpoint = this.endpoint;
		if (endpoint == null) {
			return;
		}
		long now = System.currentTimeMillis();
		for (SocketWrapperBase<?> connection : endpoint.getConnections()) {
			if (connection instanceof NioSocketWrapper nio && !nio.isClosed() && reading(nio, now)) {
				cut(nio, exchangeOf(nio));
			}
		}
	}

	private Exchanges.@Nullable Exchange exchangeOf(NioSocketWrapper connection) {
		return this.exchanges.latest(Exchanges.connection(connection.getRemoteAddr(), connection.getRemotePort()));
	}

	private boolean reading(NioSocketWrapper connection, long now) {
		Exchanges.Exchange exchange = exchangeOf(connection);
		if (exchange != null && exchange.serving()) {
			long lastRead = connection.getLastRead();
			return lastRead > exchange.atMillis() && now - lastRead < RECENT.toMillis();
		}
		return connection.getReadTimeout() != keepAliveTimeout() && !upgraded(connection);
	}

	// The read timeout Tomcat gives a connection waiting for its next request.
	private long keepAliveTimeout() {
		AbstractProtocol<?> protocol = this.protocol;
		return (protocol != null) ? protocol.getKeepAliveTimeout() : -1;
	}

	// A WebSocket (the attach channel): Tomcat gives an upgraded connection no read
	// timeout, since what it reads are the frames of a conversation, not a request.
	private static boolean upgraded(NioSocketWrapper connection) {
		return connection.getReadTimeout() < 0;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE + 1;
	}

	private void sweep() {
		AbstractEndpoint<?, ?> endpoint = this.endpoint;
		long keepAliveTimeout = keepAliveTimeout();
		if (endpoint == null) {
			return;
		}
		try {
			long now = System.currentTimeMillis();
			Set<? extends SocketWrapperBase<?>> connections = endpoint.getConnections();
			this.watches.keySet().retainAll(connections);
			for (SocketWrapperBase<?> connection : connections) {
				if (connection instanceof NioSocketWrapper nio && !nio.isClosed()) {
					Watch watch = this.watches.computeIfAbsent(connection, (key) -> new Watch());
					if (overdue(nio, watch, now, keepAliveTimeout)) {
						cut(nio, watch.exchange);
					}
				}
			}
			this.exchanges.forgetEndedBefore(now - FORGET_AFTER.toMillis());
		}
		catch (RuntimeException ex) {
			// One bad sweep must not end the sweeps to come.
			logger.warn("Read deadline sweep failed", ex);
		}
	}

	private boolean overdue(NioSocketWrapper connection, Watch watch, long now, long keepAliveTimeout) {
		Exchanges.Exchange exchange = exchangeOf(connection);
		// A new object is a new exchange (entered or left since the last sweep): the
		// connection made progress, whatever it looks like now.
		if (exchange != watch.exchange) {
			watch.exchange = exchange;
			watch.readingSince = -1;
		}
		if (exchange != null && exchange.serving()) {
			watch.readingSince = -1;
			long reading = connection.getLastRead() - exchange.atMillis();
			return reading > DEADLINE.toMillis() && !exchange.keepsPace(reading);
		}
		if (connection.getReadTimeout() == keepAliveTimeout || upgraded(connection)) {
			watch.readingSince = -1;
			return false;
		}
		if (watch.readingSince < 0) {
			watch.readingSince = now;
		}
		return now - watch.readingSince > DEADLINE.toMillis();
	}

	private static void cut(NioSocketWrapper connection, Exchanges.@Nullable Exchange exchange) {
		logger.debug("Closing " + connection + ": reading a request took longer than " + DEADLINE);
		// A handler blocked in a body read holds the connection's lock for as long as the
		// read lasts; closing without it is what Tomcat's own timeouts do.
		Lock lock = connection.getLock();
		boolean locked = lock.tryLock();
		try {
			connection.setError(new SocketTimeoutException("request read deadline"));
			connection.close();
			// A body read waits for data until its own timeout even on a closed socket;
			// interrupted, it finds the socket closed and fails now.
			if (exchange != null && exchange.thread() != null) {
				exchange.thread().interrupt();
			}
		}
		finally {
			if (locked) {
				lock.unlock();
			}
		}
	}

	/**
	 * Tomcat keeps the connection list of a protocol to itself ({@code getEndpoint} is
	 * protected); a Tomcat without it fails the start here, loudly.
	 */
	private static AbstractEndpoint<?, ?> endpointOf(AbstractProtocol<?> protocol) {
		try {
			Method getEndpoint = AbstractProtocol.class.getDeclaredMethod("getEndpoint");
			getEndpoint.setAccessible(true);
			return (AbstractEndpoint<?, ?>) getEndpoint.invoke(protocol);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Cannot reach Tomcat's connections to bound request reads", ex);
		}
	}

	@Override
	public void close() {
		this.sweeper.shutdownNow();
	}

	/** What the sweep knows of one connection. */
	private static final class Watch {

		private Exchanges.@Nullable Exchange exchange;

		private long readingSince = -1;

	}

}
