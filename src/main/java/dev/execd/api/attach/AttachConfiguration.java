package dev.execd.api.attach;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * The handshake of the attach channel, through Tomcat's WebSocket container (which Boot
 * installs in the embedded server). A bean, so it learns the servlet context.
 */
@Configuration(proxyBeanMethods = false)
class AttachConfiguration {

	@Bean
	DefaultHandshakeHandler attachHandshakes() {
		return new DefaultHandshakeHandler();
	}

}
