{{/* The release's full name: the release name, with the chart's name added unless it is in it. */}}
{{- define "onvelope.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels every object carries; a component's add its selector labels (name and instance). */}}
{{- define "onvelope.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/part-of: onvelope
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/* Labels of an object that belongs to no one component (Secret, Ingress, ServiceAccount). */}}
{{- define "onvelope.labels" -}}
{{ include "onvelope.commonLabels" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Selector labels of one component; call with (dict "root" $ "name" "svc-sync"). */}}
{{- define "onvelope.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* Object name of one component: "<fullname>-svc-sync". */}}
{{- define "onvelope.componentName" -}}
{{- printf "%s-%s" (include "onvelope.fullname" .root) .name -}}
{{- end -}}

{{- /* "true" when KEDA scales the app on its queue (scaledobject.yaml), else empty. */ -}}
{{- define "onvelope.queueScaled" -}}
{{- $v := .root.Values -}}
{{- if or (and (eq .name "svc-sync") $v.syncQueueScaling.enabled) (and (eq .name "svc-notify") $v.notifyQueueScaling.enabled) -}}
true
{{- end -}}
{{- end -}}

{{- define "onvelope.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "onvelope.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret the apps read: the user's, or the chart's own. */}}
{{- define "onvelope.secretName" -}}
{{- default (printf "%s-secrets" (include "onvelope.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* Image reference of one app; call with (dict "root" $ "app" $app). */}}
{{- define "onvelope.image" -}}
{{- $registry := .root.Values.image.registry | trimSuffix "/" -}}
{{- $repository := .app.image.repository -}}
{{- $tag := .app.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- $reference := printf "%s/%s:%s" $registry $repository $tag -}}
{{- /* A digest pins the exact image: the tag stays for people, the digest is what is pulled. */ -}}
{{- with .app.image.digest -}}
{{- $reference = printf "%s@%s" $reference . -}}
{{- end -}}
{{- $reference -}}
{{- end -}}

{{/* In-cluster MongoDB: the member name the replica set is initiated with, which clients then use. */}}
{{- define "onvelope.mongoHost" -}}
{{- $name := printf "%s-mongo" (include "onvelope.fullname" .) -}}
{{- printf "%s-0.%s.%s.svc.cluster.local:27017" $name $name .Release.Namespace -}}
{{- end -}}

{{- define "onvelope.inClusterMongoUrl" -}}
{{- printf "mongodb://%s/?replicaSet=rs0" (include "onvelope.mongoHost" .) -}}
{{- end -}}

{{- define "onvelope.inClusterNatsUrl" -}}
{{- printf "nats://%s-nats.%s.svc.cluster.local:4222" (include "onvelope.fullname" .) .Release.Namespace -}}
{{- end -}}

{{/*
The non-secret variables of one app (its ConfigMap's data); call with (dict "root" $ "name" $name "app" $app).
Values from `apps.<name>.env` come last and win.
*/}}
{{- define "onvelope.appConfig" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $site := $v.publicSiteUrl | trimSuffix "/" -}}
{{- /* onvelope_build_info's version: which release a pod runs, seen beside the other's in a rollout. */ -}}
{{- $config := dict "LOG_LEVEL" $v.logLevel "APP_VERSION" (.app.image.tag | default $v.image.tag | default $root.Chart.AppVersion | toString) -}}
{{- if and $v.otel.endpoint (or (eq .name "gateway") (hasPrefix "svc-" .name)) -}}
{{- $_ := set $config "OTEL_EXPORTER_OTLP_ENDPOINT" $v.otel.endpoint -}}
{{- end -}}
{{- if eq .name "gateway" -}}
{{- $upstreams := dict "AUTH_SERVICE_URL" "svc-auth" "ORDERS_SERVICE_URL" "svc-orders" "SYNC_SERVICE_URL" "svc-sync" "BILLING_SERVICE_URL" "svc-billing" "ANALYTICS_SERVICE_URL" "svc-analytics" "NOTIFY_SERVICE_URL" "svc-notify" -}}
{{- range $variable, $service := $upstreams -}}
{{- $_ := set $config $variable (printf "http://%s:%v" (include "onvelope.componentName" (dict "root" $root "name" $service)) (index $v.apps $service).port) -}}
{{- end -}}
{{- $_ := set $config "CORS_ORIGINS" $site -}}
{{- $_ := set $config "TRUST_PROXY" (ternary "true" "false" $v.ingress.enabled) -}}
{{- $_ := set $config "SERVE_FRONTENDS" (ternary "false" "true" $v.apps.web.enabled) -}}
{{- if $v.mongo.inCluster.enabled -}}
{{- $_ := set $config "RATE_LIMIT_MONGO_URL" (include "onvelope.inClusterMongoUrl" $root) -}}
{{- end -}}
{{- else if hasPrefix "svc-" .name -}}
{{- $_ := set $config "PUBLIC_SITE_URL" $site -}}
{{- $_ := set $config "AUTH_JWKS_URL" (printf "http://%s:%v/auth/.well-known/jwks.json" (include "onvelope.componentName" (dict "root" $root "name" "svc-auth")) (index $v.apps "svc-auth").port) -}}
{{- if $v.mongo.inCluster.enabled -}}
{{- $_ := set $config "MONGO_URL" (include "onvelope.inClusterMongoUrl" $root) -}}
{{- end -}}
{{- if $v.nats.inCluster.enabled -}}
{{- $_ := set $config "NATS_URL" (include "onvelope.inClusterNatsUrl" $root) -}}
{{- else -}}
{{- $_ := set $config "NATS_STREAM_REPLICAS" (toString $v.nats.streamReplicas) -}}
{{- end -}}
{{- if eq .name "svc-auth" -}}
{{- $_ := set $config "GOOGLE_REDIRECT_URL" (printf "%s/auth/google/callback" $site) -}}
{{- end -}}
{{- if eq .name "svc-sync" -}}
{{- $_ := set $config "BIGCARTEL_REDIRECT_URL" (printf "%s/api/bigcartel/callback" $site) -}}
{{- end -}}
{{- if and (eq .name "svc-notify") $v.bounceIntake.enabled -}}
{{- $_ := set $config "BOUNCE_ADDRESS" $v.bounceIntake.address -}}
{{- $_ := set $config "BOUNCE_SMTP_PORT" (toString $v.bounceIntake.containerPort) -}}
{{- if $v.bounceIntake.tlsSecretName -}}
{{- $_ := set $config "BOUNCE_TLS_KEY_FILE" "/etc/onvelope/bounce-tls/tls.key" -}}
{{- $_ := set $config "BOUNCE_TLS_CERT_FILE" "/etc/onvelope/bounce-tls/tls.crt" -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- range $key, $value := .app.env -}}
{{- $_ := set $config $key (toString $value) -}}
{{- end -}}
{{- toYaml $config -}}
{{- end -}}

{{/*
Keys the apps refuse to start without in production: every app's GATEWAY_SECRET
(packages/service-kit/src/config/config.ts), svc-sync's four (svc-sync/src/config.ts) and svc-notify's
UNSUBSCRIBE_SECRET and WEBHOOK_SECRETS_KEY (svc-notify/src/config.ts).
*/}}
{{- define "onvelope.productionSecretKeys" -}}
GATEWAY_SECRET BIGCARTEL_CLIENT_ID BIGCARTEL_CLIENT_SECRET TOKEN_ENCRYPTION_KEY STATE_SECRET UNSUBSCRIBE_SECRET WEBHOOK_SECRETS_KEY
{{- end -}}

{{/*
Stops the render, naming every value an install cannot do without, so a `helm install` with the
defaults fails at once with what to set instead of rolling out pods that crash or pull nothing.
*/}}
{{- define "onvelope.checkRequiredValues" -}}
{{- $v := .Values -}}
{{- $missing := list -}}
{{- if not $v.image.registry -}}
{{- $missing = append $missing "image.registry: where you pushed the images (docker build --target <app> .)" -}}
{{- end -}}
{{- /* With secrets.existingSecret, MONGO_URL and NATS_URL come from that Secret. */ -}}
{{- if not $v.secrets.existingSecret -}}
{{- if and (not $v.mongo.inCluster.enabled) (not $v.mongo.url) -}}
{{- $missing = append $missing "mongo.url: your MongoDB replica set (or mongo.inCluster.enabled to try the chart out)" -}}
{{- end -}}
{{- if and (not $v.nats.inCluster.enabled) (not $v.nats.url) -}}
{{- $missing = append $missing "nats.url: your NATS with JetStream (or nats.inCluster.enabled to try the chart out)" -}}
{{- end -}}
{{- if and $v.serviceMonitor.enabled (not $v.secrets.values.METRICS_TOKEN) -}}
{{- $missing = append $missing "secrets.values.METRICS_TOKEN: the gateway's ServiceMonitor scrapes with it" -}}
{{- end -}}
{{- range $key := splitList " " (include "onvelope.productionSecretKeys" $) -}}
{{- if not (index $v.secrets.values $key) -}}
{{- $missing = append $missing (printf "secrets.values.%s (or secrets.existingSecret naming a Secret that holds it)" $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and $v.bounceIntake.enabled (not $v.bounceIntake.address) -}}
{{- $missing = append $missing "bounceIntake.address: the envelope sender the intake takes reports for (BOUNCE_ADDRESS), or bounceIntake.enabled=false" -}}
{{- end -}}
{{- if $missing -}}
{{- fail (printf "\n\nONVELOPE needs these values (deploy/README.md, \"Run it on Kubernetes\"):\n  - %s\n" (join "\n  - " $missing)) -}}
{{- end -}}
{{- end -}}
