package dev.execd.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Every tunable of execd, bound from {@code execd.*}. The property names are part of the
 * product contract.
 *
 * @param limits caps, time limits and waits
 * @param process how commands are started and stopped
 * @param output where and how much output is kept
 * @param security tokens and browser protections
 * @param screen the rendered screens of PTY sessions
 * @param webhooks how events are delivered to webhooks; the named subscriptions beside
 * these settings are bound by {@link WebhookSubscriptions}
 * @param files the files API: per-tenant roots and the upload cap
 * @param heap how the JVM gives memory back ({@link HeapFootprint}, {@link NativeTrim})
 */
@ConfigurationProperties("execd")
public record ExecdProperties(@DefaultValue Limits limits, @DefaultValue Processes process, @DefaultValue Output output,
		@DefaultValue Security security, @DefaultValue Screen screen, @DefaultValue Webhooks webhooks,
		@DefaultValue FileSettings files, @DefaultValue Heap heap) {

	/**
	 * Caps, time limits and waits.
	 */
	public record Limits(@DefaultValue("64") int maxSessionsPerConversation, @DefaultValue("8") int protectedRecent,
			@DefaultValue("60") int warnSessionsPerConversation, @DefaultValue("1024") int maxSessions,
			@DefaultValue("64") int maxSubscribersPerSession, @DefaultValue("30m") Duration inactivityTtl,
			@DefaultValue("30m") Duration endedRetention, @DefaultValue("5s") Duration reapInterval,
			@DefaultValue("30m") Duration defaultMaxRuntime, @DefaultValue("24h") Duration maxRuntimeCap,
			@DefaultValue("290s") Duration maxPoll, @DefaultValue("1MB") DataSize maxRequestBody) {

	}

	/**
	 * How commands are started and stopped. A blank shell means {@code /bin/bash}, or
	 * {@code /bin/sh} where there is no bash; a blank workdir means execd's own.
	 */
	public record Processes(@DefaultValue("2s") Duration killGrace, String shell, String defaultWorkdir,
			List<Path> workdirRoots) {

		public Processes {
			if (shell == null || shell.isBlank()) {
				shell = Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "/bin/sh";
			}
			if (defaultWorkdir == null || defaultWorkdir.isBlank()) {
				defaultWorkdir = Path.of("").toAbsolutePath().toString();
			}
			workdirRoots = (workdirRoots != null) ? List.copyOf(workdirRoots) : List.of();
		}

	}

	/**
	 * Where output logs live and how much of them is kept. The default directory is per
	 * user ({@code ${java.io.tmpdir}/execd-<uid>}): a shared name in a shared /tmp could
	 * be created first by someone else, and execd refuses a directory it does not own.
	 *
	 * @param logIdleClose how long a session's log file stays open without a read or
	 * write; then its descriptor is closed until the next one (positive)
	 */
	public record Output(Path dir, @DefaultValue("256KB") DataSize memoryWindow,
			@DefaultValue("1GB") DataSize maxLogSize, @DefaultValue("10GB") DataSize maxTotalLogSize,
			@DefaultValue("5s") Duration logIdleClose) {

		public Output {
			if (dir == null) {
				dir = Path.of(System.getProperty("java.io.tmpdir"), "execd-" + EffectiveUid.get());
			}
			if (logIdleClose.isNegative() || logIdleClose.isZero()) {
				throw new IllegalArgumentException("execd.output.log-idle-close must be positive");
			}
		}

	}

	/**
	 * Who may call execd.
	 */
	public record Security(List<String> tokens, @DefaultValue("false") boolean allowAnonymous,
			List<String> corsOrigins) {

		public Security {
			tokens = (tokens != null) ? List.copyOf(tokens) : List.of();
			corsOrigins = (corsOrigins != null) ? List.copyOf(corsOrigins) : List.of();
		}

		/**
		 * The tenants the tokens name (the part of each {@code name:token} entry before
		 * the colon); the API's security checks the entries themselves.
		 */
		public List<String> tenants() {
			return this.tokens.stream()
				.filter((entry) -> entry.indexOf(':') > 0)
				.map((entry) -> entry.substring(0, entry.indexOf(':')).strip())
				.toList();
		}

	}

	/**
	 * The rendered screens of PTY sessions.
	 *
	 * @param scrollbackLines rows of the primary screen kept after they scrolled off its
	 * top, per live screen; a negative value counts as none
	 */
	public record Screen(@DefaultValue("1000") int scrollbackLines) {

		public Screen {
			scrollbackLines = Math.max(0, scrollbackLines);
		}

	}

	/**
	 * How events are delivered to webhooks (README "Webhooks"). These names are reserved:
	 * every other key under {@code execd.webhooks} names a subscription.
	 *
	 * @param allowedUrls patterns a per-request {@code notify.url} must match
	 * ({@link UrlPattern}); none by default, so per-request webhooks are refused
	 * @param requestSecret the secret from which each tenant's key that signs its
	 * per-request deliveries is derived; unsigned when blank
	 * @param maxPerTenant per-request subscriptions a tenant may hold at once; past it a
	 * start with {@code notify} is refused
	 * @param connectTimeout how long a connection to a receiver may take
	 * @param readTimeout how long a receiver may take to answer once the request is sent;
	 * an attempt ends after both in all
	 * @param queueCapacity deliveries waiting per subscription, retries included; past it
	 * the oldest is dropped
	 * @param threads the threads that send deliveries
	 * @param history deliveries kept per tenant for {@code GET /webhooks/deliveries}
	 * @param retry when failed attempts are tried again
	 */
	public record Webhooks(List<String> allowedUrls, String requestSecret, @DefaultValue("100") int maxPerTenant,
			@DefaultValue("5s") Duration connectTimeout, @DefaultValue("10s") Duration readTimeout,
			@DefaultValue("1000") int queueCapacity, @DefaultValue("4") int threads, @DefaultValue("200") int history,
			@DefaultValue Retry retry) {

		/** The keys under {@code execd.webhooks} that are settings, not subscriptions. */
		public static final List<String> RESERVED = List.of("allowed-urls", "request-secret", "max-per-tenant",
				"connect-timeout", "read-timeout", "queue-capacity", "threads", "history", "retry");

		public Webhooks {
			allowedUrls = (allowedUrls != null) ? List.copyOf(allowedUrls) : List.of();
			allowedUrls.forEach(UrlPattern::parse);
			requestSecret = (requestSecret != null && !requestSecret.isBlank()) ? requestSecret : null;
			if (maxPerTenant < 1 || queueCapacity < 1 || threads < 1 || history < 1) {
				throw new IllegalArgumentException(
						"execd.webhooks.max-per-tenant, queue-capacity, threads and history must be at least 1");
			}
			if (connectTimeout.isNegative() || connectTimeout.isZero() || readTimeout.isNegative()
					|| readTimeout.isZero()) {
				throw new IllegalArgumentException("execd.webhooks connect-timeout and read-timeout must be positive");
			}
		}

		/** The compiled {@link #allowedUrls}. */
		public List<UrlPattern> allowedPatterns() {
			return this.allowedUrls.stream().map(UrlPattern::parse).toList();
		}

	}

	/**
	 * Retries of a delivery that failed with a network error, a 5xx or a 429: the delay
	 * doubles from {@code initialDelay} up to {@code maxDelay}, each drawn at random
	 * between half and all of it, until {@code maxElapsed} after the first attempt.
	 */
	public record Retry(@DefaultValue("1s") Duration initialDelay, @DefaultValue("2m") Duration maxDelay,
			@DefaultValue("10m") Duration maxElapsed) {

		public Retry {
			if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0
					|| maxElapsed.isNegative()) {
				throw new IllegalArgumentException("execd.webhooks.retry: initial-delay must be positive, "
						+ "max-delay at least initial-delay, max-elapsed not negative");
			}
		}

	}

	/**
	 * The files API ({@code /files}). Paths resolve like a session's workdir: relative to
	 * {@code execd.process.default-workdir}, confined to
	 * {@code execd.process.workdir-roots} when set.
	 *
	 * @param tenantRoots with tokens, the one directory each tenant (token name) may
	 * reach, relative paths resolving from it; once any is set, a tenant without one
	 * reaches no file
	 * @param maxUploadSize the largest body a {@code PUT /files} accepts
	 * @param readBuffer how much the web server reads from a connection at once, which
	 * bounds every read of an upload; each open connection holds one (8KB to 1MB)
	 */
	public record FileSettings(Map<String, Path> tenantRoots, @DefaultValue("1GB") DataSize maxUploadSize,
			@DefaultValue("64KB") DataSize readBuffer) {

		public FileSettings {
			tenantRoots = (tenantRoots != null) ? Map.copyOf(tenantRoots) : Map.of();
			if (maxUploadSize.toBytes() < 0) {
				throw new IllegalArgumentException("execd.files.max-upload-size must not be negative");
			}
			if (readBuffer.toBytes() < 8192 || readBuffer.toBytes() > 1048576) {
				throw new IllegalArgumentException("execd.files.read-buffer must be between 8KB and 1MB");
			}
		}

	}

	/**
	 * How the JVM gives memory back, set at start-up for each JVM flag the command line
	 * left at its default.
	 *
	 * @param minFreeRatio the least heap kept free after a collection, in percent
	 * ({@code MinHeapFreeRatio})
	 * @param maxFreeRatio the most heap kept free after a collection, in percent; the
	 * rest goes back to the system ({@code MaxHeapFreeRatio})
	 * @param idleCollection with G1, a collection after this long without one, so that an
	 * idle server gives back what a busy one grew; {@code 0s} never
	 * ({@code G1PeriodicGCInterval})
	 * @param nativeTrim how often the C library's free memory goes back to the system
	 * ({@link NativeTrim}); {@code 0s} never
	 */
	public record Heap(@DefaultValue("10") int minFreeRatio, @DefaultValue("30") int maxFreeRatio,
			@DefaultValue("60s") Duration idleCollection, @DefaultValue("30s") Duration nativeTrim) {

		public Heap {
			if (minFreeRatio < 0 || maxFreeRatio > 100 || minFreeRatio > maxFreeRatio) {
				throw new IllegalArgumentException(
						"execd.heap.min-free-ratio and max-free-ratio must satisfy 0 <= min <= max <= 100");
			}
			if (idleCollection.isNegative() || nativeTrim.isNegative()) {
				throw new IllegalArgumentException("execd.heap.idle-collection and native-trim must not be negative");
			}
		}

	}

}
