package dev.execd.api;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.swagger.v3.oas.models.servers.Server;
import dev.execd.session.Scope;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API description served at {@code /v3/api-docs} and committed as
 * {@code openapi/execd.yaml}: a relative server URL (never a port), the bearer scheme
 * that Swagger UI's Authorize button uses, and the product information.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

	static final String BEARER = "bearer";

	static {
		// The scope is resolved from headers and the token, not bound from the request.
		SpringDocUtils.getConfig().addRequestWrapperToIgnore(Scope.class);
	}

	/**
	 * Schemas in snake_case, as the API speaks: springdoc inspects types with its own
	 * (Jackson 2) mapper, which knows nothing of the application's naming strategy.
	 */
	@Bean
	ModelResolver snakeCaseModels() {
		return new ModelResolver(Json.mapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));
	}

	/**
	 * Documents the conversation header and query parameter on every operation that is
	 * scoped to a conversation.
	 */
	@Bean
	OperationCustomizer conversationParameters() {
		return (operation, handler) -> {
			boolean scoped = java.util.Arrays.stream(handler.getMethodParameters())
				.anyMatch((p) -> p.getParameterType() == Scope.class);
			if (scoped) {
				operation.addParametersItem(new HeaderParameter().name(ScopeResolver.HEADER)
					.description("The conversation the session belongs to: 1-128 characters of [A-Za-z0-9._:-]; "
							+ "`default` when absent. Wins over the `conversation_id` query parameter.")
					.schema(new StringSchema().pattern("^[A-Za-z0-9._:-]{1,128}$")));
				operation.addParametersItem(new QueryParameter().name(ScopeResolver.PARAMETER)
					.description("The conversation, for clients that cannot send headers (browsers' EventSource).")
					.schema(new StringSchema().pattern("^[A-Za-z0-9._:-]{1,128}$")));
			}
			return operation;
		};
	}

	@Bean
	OpenAPI execdOpenApi() {
		return new OpenAPI()
			.info(new Info().title("execd")
				.version("1")
				.description("""
						Long-lived shell sessions for AI coding agents. Start a command and get its \
						output so far after a bounded wait; type into it (text, control bytes, named \
						keys, EOF), optionally on a pseudo-terminal; watch it live over Server-Sent \
						Events; download its full log; signal it; remove it. Every byte of output has \
						one absolute offset, the same in polls, streams and log ranges. Sessions are \
						scoped to a conversation (`X-Conversation-Id`) within the caller's tenant.""")
				.contact(new Contact().name("execd").url("https://execd.dev"))
				.license(new License().name("Apache-2.0").url("https://www.apache.org/licenses/LICENSE-2.0")))
			.addServersItem(new Server().url("/").description("this server"))
			.components(new Components().addSecuritySchemes(BEARER,
					new SecurityScheme().type(SecurityScheme.Type.HTTP)
						.scheme("bearer")
						.description("A token from execd.security.tokens (name:token). Not needed when the "
								+ "server runs without tokens on loopback.")))
			.addSecurityItem(new SecurityRequirement().addList(BEARER));
	}

}
