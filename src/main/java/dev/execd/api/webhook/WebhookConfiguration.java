package dev.execd.api.webhook;

import java.time.Clock;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

import dev.execd.config.ExecdProperties;
import dev.execd.config.WebhookSubscriptions;
import dev.execd.session.SessionRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires webhook delivery: the subscriptions checked at startup, the JDK HTTP client with
 * the connect timeout (built at the first delivery), the few sending threads, and the
 * dispatcher that listens to every journal.
 */
@Configuration(proxyBeanMethods = false)
class WebhookConfiguration {

	/**
	 * The dispatcher, which owns the sending threads and the client (not beans of their
	 * own: an executor bean would stand in for Boot's task scheduler) and closes them.
	 */
	@Bean
	WebhookDispatcher webhooks(ExecdProperties properties, Environment environment, SessionRegistry registry,
			JsonMapper json, MeterRegistry meters, Clock clock) {
		ExecdProperties.Webhooks settings = properties.webhooks();
		ScheduledThreadPoolExecutor webhookThreads = threads(settings.threads());
		WebhookClient webhookClient = new WebhookClient(settings.connectTimeout());
		var subscriptions = ConfiguredSubscriptions.of(WebhookSubscriptions.bind(environment), properties.security());
		Sender sender = new Sender(webhookClient, settings.connectTimeout(), settings.readTimeout(), json);
		Backoff backoff = new Backoff(settings.retry());
		WebhookMetrics metrics = new WebhookMetrics(meters);
		WebhookDispatcher dispatcher = new WebhookDispatcher(subscriptions, registry,
				new DeliveryHistory(settings.history()), new TenantSlots(settings.maxPerTenant()),
				() -> new Lane(settings.queueCapacity(), webhookThreads, sender::send, backoff, metrics, clock),
				settings.requestSecret(), clock, () -> {
					webhookThreads.shutdownNow();
					webhookClient.close();
				});
		registry.journals().listen(dispatcher);
		return dispatcher;
	}

	/**
	 * The sending threads: platform threads, few and fixed, since each only waits on a
	 * receiver and a {@link Lane} holds at most one of them. Daemons, so a receiver that
	 * hangs never holds the JVM up.
	 */
	private static ScheduledThreadPoolExecutor threads(int threads) {
		AtomicInteger count = new AtomicInteger();
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(threads, (task) -> {
			Thread thread = new Thread(task, "execd-webhook-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		executor.setRemoveOnCancelPolicy(true);
		return executor;
	}

}
