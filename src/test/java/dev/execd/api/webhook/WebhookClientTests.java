package dev.execd.api.webhook;

import java.net.http.HttpClient;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook client is built once, at the first delivery, with the connect timeout and
 * without redirects; closing the dispatcher shuts it down, also when it is built after.
 */
class WebhookClientTests {

	@Test
	void buildsOneClientAtTheFirstCallWithTheSettings() throws InterruptedException {
		WebhookClient webhookClient = new WebhookClient(Duration.ofSeconds(3));
		HttpClient client = webhookClient.get();
		assertThat(webhookClient.get()).isSameAs(client);
		assertThat(client.connectTimeout()).contains(Duration.ofSeconds(3));
		assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
		assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
		webhookClient.close();
		assertThat(client.awaitTermination(Duration.ofSeconds(10))).isTrue();
	}

	@Test
	void aClientBuiltAfterCloseIsAlreadyShutDown() throws InterruptedException {
		WebhookClient webhookClient = new WebhookClient(Duration.ofSeconds(3));
		webhookClient.close();
		assertThat(webhookClient.get().awaitTermination(Duration.ofSeconds(10))).isTrue();
	}

}
